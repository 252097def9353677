import { buildLink, ROUTES } from '@vetted/session';
import { Container } from '@vetted/ui/app-shell';
import { BadgeCheck, Scissors, Sparkles, Star, Wrench, Zap } from 'lucide-react';
import * as React from 'react';
import { Link } from 'wouter';
import { SearchBox } from '../../components/search-box';

/** The searches offered under the hero's field, each a link to `/search?q=<term>`. */
const POPULAR_TERMS = ['Plumbing', 'Electrical', 'Cleaning', 'Hair'];

/** The decorative cards beside the hero on wide screens: name, icon, rating, one line. */
const SHOWCASE = [
  ['Plumbing', Wrench, '4.9', 'Leak fixed in 40 min'],
  ['Electrical', Zap, '4.8', 'Certified electricians'],
  ['Cleaning', Sparkles, '4.9', 'Deep clean, same week'],
  ['Hair', Scissors, '5.0', 'Stylists at home'],
] as const;

/**
 * The hero's search: the site search with type-ahead (components/search-box.tsx),
 * submitting to `/search?q=`.
 */
export function HeroSearch({ size = 'lg' }: { size?: 'md' | 'lg' }) {
  return <SearchBox id="hero-search" size={size} />;
}

/** "Popular: Plumbing, Electrical, …": one search link per term, comma-separated. */
function PopularSearches() {
  return (
    <p className="text-sm text-muted">
      Popular:{' '}
      {POPULAR_TERMS.map((term, i) => (
        <React.Fragment key={term}>
          {i > 0 ? ', ' : null}
          <Link
            href={buildLink(ROUTES.search, { query: { q: term } })}
            className="font-medium text-link underline-offset-4 hover:underline"
          >
            {term}
          </Link>
        </React.Fragment>
      ))}
    </p>
  );
}

/** Four sample category cards, staggered; hidden from assistive tech (pure decoration). */
function HeroShowcase() {
  return (
    <div aria-hidden="true" className="relative hidden lg:block">
      <div className="grid grid-cols-2 gap-4">
        {SHOWCASE.map(([name, Icon, rating, line], i) => (
          <div
            key={name}
            className={`flex flex-col gap-3 rounded-xl border border-border bg-surface-raised p-5 shadow-md ${i % 2 ? 'translate-y-8' : ''}`}
          >
            <span className="flex size-11 items-center justify-center rounded-md bg-primary-soft text-link">
              <Icon className="size-6" />
            </span>
            <span className="font-semibold">{name}</span>
            <span className="text-sm text-muted">{line}</span>
            <span className="inline-flex items-center gap-1 text-sm font-medium">
              <Star className="size-4 fill-warning text-warning" /> {rating}
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}

/** The public home's hero: the promise, the site search, popular searches and sample cards. */
export function HomeHero() {
  return (
    <section className="relative overflow-hidden border-b border-border bg-gradient-to-b from-primary-soft to-surface">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 right-0 size-[32rem] rounded-full bg-primary-500/10 blur-3xl"
      />
      <Container className="relative grid gap-10 py-14 md:py-24 lg:grid-cols-[1.2fr_1fr] lg:items-center">
        <div className="flex flex-col gap-6">
          <p className="inline-flex w-fit items-center gap-2 rounded-pill border border-border bg-surface px-3 py-1 text-sm font-medium text-link">
            <BadgeCheck aria-hidden="true" className="size-4" />
            Every pro is background-checked
          </p>
          <h1 className="text-4xl leading-tight font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Book vetted local pros, <span className="text-link">without the guesswork</span>
          </h1>
          <p className="max-w-xl text-lg text-muted">
            Plumbers, electricians, hair stylists and more — checked by our team, rated by real
            customers, and bookable in a couple of minutes.
          </p>
          <HeroSearch />
          <PopularSearches />
        </div>
        <HeroShowcase />
      </Container>
    </section>
  );
}
