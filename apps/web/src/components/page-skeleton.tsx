import { Container } from '@vetted/ui/app-shell';
import { Skeleton } from '@vetted/ui/skeleton';

/** Suspense fallback while a lazily loaded page arrives. */
export function PageSkeleton() {
  return (
    <Container role="status" aria-busy="true" aria-label="Loading page">
      <Skeleton className="h-8 w-56" />
      <Skeleton className="mt-3 h-4 w-80 max-w-full" />
      <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    </Container>
  );
}
