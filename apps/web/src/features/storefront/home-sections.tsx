import { MESSAGES } from '@vetted/api-client';
import { buildLink, ROUTES } from '@vetted/session';
import { Container } from '@vetted/ui/app-shell';
import { Button } from '@vetted/ui/button';
import { CategoryCard } from '@vetted/ui/category-card';
import { Skeleton } from '@vetted/ui/skeleton';
import { CalendarCheck, CreditCard, MessageSquare, Search, ShieldCheck, Star } from 'lucide-react';
import * as React from 'react';
import { Link } from 'wouter';
import { ErrorState } from '../../components/error-state';
import { useCategories } from '../../lib/hooks/use-categories';
import { placeholders } from '../../lib/placeholders';
import { homeFor, useSession } from '../../lib/session';

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

/*
 * The category icons (a lucide icon per category, ~30 of them) load with the categories, not
 * with the first load: the grid shows only once the API has answered, so `/` ships just the
 * hero's four icons. The chunk is requested when the section mounts, alongside the categories.
 */
const loadCategoryIcon = () => import('../../components/category-icon');
const CategoryIcon = React.lazy(() =>
  loadCategoryIcon().then((m) => ({ default: m.CategoryIcon })),
);

/** The first eight categories as cards (`GET /v1/categories`), with skeleton and retry states. */
function CategoryCards() {
  const { data: categories, error, isLoading, mutate } = useCategories();
  React.useEffect(() => {
    loadCategoryIcon().catch(() => {
      // Offline or an outdated build: the grid's own lazy load reports it when it renders.
    });
  }, []);
  if (error) {
    return (
      <ErrorState
        title={MESSAGES.errorLoadingServiceCategory}
        message={error.message}
        onRetry={() => mutate()}
      />
    );
  }
  if (isLoading || !categories) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true">
        {placeholders(8).map((id) => (
          <Skeleton key={id} className="h-28 rounded-lg" />
        ))}
      </div>
    );
  }
  return (
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
  );
}

/** "Popular categories": heading, a link to every service, and the category cards. */
export function HomeCategories() {
  return (
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
          <CategoryCards />
        </div>
      </Container>
    </section>
  );
}

/** "How Vetted works": the three numbered steps from search to payment. */
export function HowItWorks() {
  return (
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
  );
}

/** "Trust is the whole point": how pros are vetted, and the three promises. */
export function TrustSection() {
  return (
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
  );
}

/**
 * The closing call to action: "Get started" (sign up) and "Offer your services" for a visitor;
 * for someone signed in, "Go to dashboard" (their role's home) alone.
 */
export function HomeCta() {
  const { role } = useSession();
  return (
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
              <Link href={role ? homeFor(role) : ROUTES.signup}>
                {role ? 'Go to dashboard' : 'Get started'}
              </Link>
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
  );
}
