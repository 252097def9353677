import { MESSAGES } from '@vetted/api-client';
import { buildLink, ROUTES } from '@vetted/session';
import { Container } from '@vetted/ui/app-shell';
import { Button } from '@vetted/ui/button';
import { CategoryCard } from '@vetted/ui/category-card';
import { Skeleton } from '@vetted/ui/skeleton';
import {
  BadgeCheck,
  CalendarCheck,
  CreditCard,
  MessageSquare,
  Scissors,
  Search,
  ShieldCheck,
  Sparkles,
  Star,
  Wrench,
  Zap,
} from 'lucide-react';
import * as React from 'react';
import { Link } from 'wouter';
import { ErrorState } from '../../components/error-state';
import { SearchBox } from '../../components/search-box';
import { useCategories } from '../../lib/hooks/use-categories';
import { homeFor, useSession } from '../../lib/session';
import { placeholders } from '../../lib/placeholders';

const STEPS = [
  {
    icon: Search,
    title: 'Tell us what you need',
    body: 'Search a service or pick a category. See pros near you with prices up front.',
  },
  {
    icon: CalendarCheck,
    title: 'Pick a time that works',
    body: "Choose from the pro's real availability — no back-and-forth to find a slot.",
  },
  {
    icon: CreditCard,
    title: 'Book and pay securely',
    body: 'Pay by card when you book. Cancel before the pro accepts for a full refund.',
  },
];

const TRUST = [
  {
    icon: ShieldCheck,
    title: 'Every pro is vetted',
    body: 'Identity, qualifications and insurance are checked by our team before a pro can take bookings.',
  },
  {
    icon: Star,
    title: 'Honest reviews',
    body: 'Only customers who booked and completed a job can rate it, so ratings reflect real work.',
  },
  {
    icon: MessageSquare,
    title: 'Support when you need it',
    body: 'Something not right? Our support team helps resolve issues and refunds quickly.',
  },
];

/**
 * The hero's search: the site search with type-ahead (features/search/search-box.tsx),
 * submitting to `/search?q=`.
 */
export function HeroSearch({ size = 'lg' }: { size?: 'md' | 'lg' }) {
  return <SearchBox id="hero-search" size={size} />;
}

/*
 * The category icons (a lucide icon per category, ~30 of them) load with the categories, not
 * with the first load: the grid shows only once the API has answered, so `/` ships just the
 * hero's four icons. The chunk is requested when the page mounts, alongside the categories.
 */
const loadCategoryIcon = () => import('../../components/category-icon');
const CategoryIcon = React.lazy(() =>
  loadCategoryIcon().then((m) => ({ default: m.CategoryIcon })),
);

/** Public home: hero with search, categories, how it works, trust, call to action. */
export function HomePage() {
  const { role } = useSession();
  const { data: categories, error, isLoading, mutate } = useCategories();
  React.useEffect(() => {
    loadCategoryIcon().catch(() => {
      // Offline or an outdated build: the grid's own lazy load reports it when it renders.
    });
  }, []);
  const signupHref = role ? homeFor(role) : ROUTES.signup;

  return (
    <>
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
            <p className="text-sm text-muted">
              Popular:{' '}
              {['Plumbing', 'Electrical', 'Cleaning', 'Hair'].map((term, i) => (
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
          </div>
          <div aria-hidden="true" className="relative hidden lg:block">
            <div className="grid grid-cols-2 gap-4">
              {(
                [
                  ['Plumbing', Wrench, '4.9', 'Leak fixed in 40 min'],
                  ['Electrical', Zap, '4.8', 'Certified electricians'],
                  ['Cleaning', Sparkles, '4.9', 'Deep clean, same week'],
                  ['Hair', Scissors, '5.0', 'Stylists at home'],
                ] as const
              ).map(([name, Icon, rating, line], i) => (
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
        </Container>
      </section>

      <section aria-labelledby="home-categories">
        <Container className="py-14 md:py-20">
          <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-end sm:justify-between">
            <div>
              <h2 id="home-categories" className="text-2xl font-bold tracking-tight sm:text-3xl">
                Popular categories
              </h2>
              <p className="mt-1 text-muted">Find the right pro for the job.</p>
            </div>
            <Button asChild variant="link">
              <Link href={ROUTES.services}>See all services</Link>
            </Button>
          </div>
          <div className="mt-8">
            {error ? (
              <ErrorState
                title={MESSAGES.errorLoadingServiceCategory}
                message={error.message}
                onRetry={() => mutate()}
              />
            ) : isLoading || !categories ? (
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true">
                {placeholders(8).map((id) => (
                  <Skeleton key={id} className="h-28 rounded-lg" />
                ))}
              </div>
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                {categories.slice(0, 8).map((c) => (
                  <li key={c.id} className="grid">
                    <CategoryCard
                      name={c.name}
                      description={c.description}
                      icon={
                        <React.Suspense fallback={null}>
                          <CategoryIcon name={c.icon} />
                        </React.Suspense>
                      }
                      count={c.vendorCount}
                      href={buildLink(ROUTES.search, { query: { category: c.slug } })}
                    />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </Container>
      </section>

      <section aria-labelledby="home-how" className="border-y border-border bg-surface-muted">
        <Container className="py-14 md:py-20">
          <h2 id="home-how" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
            How Vetted works
          </h2>
          <ol className="mt-10 grid gap-6 md:grid-cols-3">
            {STEPS.map((step, i) => (
              <li
                key={step.title}
                className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-6"
              >
                <span className="flex items-center gap-3">
                  <span className="flex size-10 items-center justify-center rounded-pill bg-primary text-sm font-bold text-primary-fg">
                    {i + 1}
                  </span>
                  <step.icon aria-hidden="true" className="size-5 text-link" />
                </span>
                <h3 className="text-lg font-semibold">{step.title}</h3>
                <p className="text-muted">{step.body}</p>
              </li>
            ))}
          </ol>
        </Container>
      </section>

      <section aria-labelledby="home-trust">
        <Container className="grid gap-10 py-14 md:py-20 lg:grid-cols-[1fr_1.4fr] lg:items-center">
          <div className="flex flex-col gap-4">
            <h2 id="home-trust" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Trust is the whole point
            </h2>
            <p className="text-muted">
              Vetted is a professional marketplace connecting users with vetted local service
              providers. We only list pros we would let into our own homes.
            </p>
            <Button asChild variant="outline" className="w-fit">
              <Link href={ROUTES.about}>How we vet pros</Link>
            </Button>
          </div>
          <ul className="grid gap-4 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
            {TRUST.map((item) => (
              <li
                key={item.title}
                className="flex flex-col gap-2 rounded-xl border border-border p-5"
              >
                <item.icon aria-hidden="true" className="size-6 text-success" />
                <h3 className="font-semibold">{item.title}</h3>
                <p className="text-sm text-muted">{item.body}</p>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section aria-labelledby="home-cta">
        <Container className="pb-16 md:pb-24">
          <div className="flex flex-col items-start gap-6 rounded-xl bg-primary-900 px-6 py-10 text-white sm:px-10 md:flex-row md:items-center md:justify-between">
            <div className="flex flex-col gap-2">
              <h2 id="home-cta" className="text-2xl font-bold tracking-tight sm:text-3xl">
                Ready to get it done?
              </h2>
              <p className="text-primary-100">
                Create a free account to book a pro — or list your own services.
              </p>
            </div>
            <div className="flex flex-wrap gap-3">
              <Button asChild size="lg" className="bg-white text-primary-800 hover:bg-primary-50">
                <Link href={signupHref}>{role ? 'Go to dashboard' : 'Get started'}</Link>
              </Button>
              {!role ? (
                <Button
                  asChild
                  size="lg"
                  variant="outline"
                  className="border-primary-300 bg-transparent text-white hover:bg-primary-800"
                >
                  <Link href={buildLink(ROUTES.signup, { query: { role: 'vendor' } })}>
                    Offer your services
                  </Link>
                </Button>
              ) : null}
            </div>
          </div>
        </Container>
      </section>
    </>
  );
}
