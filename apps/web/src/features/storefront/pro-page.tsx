import { Container } from '@vetted/ui';
import { useParams } from 'wouter';
import { usePageTitle } from '../../lib/hooks/use-page-title';
import { useProReviews, usePublicPro } from './use-public-pro';
import { errorStatus } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { useViewerDistanceUnit } from '../../lib/viewer-distance';
import { bookHrefFor, ProPageView } from './pro-page-view';

/**
 * `/pros/:slug`: a pro's public page, open to everyone. The API renders it on the server with
 * the profile as SWR fallback (lib/public-page-keys.ts), so it needs no fetch to show; further
 * review pages load on "Show more reviews".
 */
export function ProPage() {
  const { slug } = useParams<{ slug: string }>();
  const { role } = useSession();
  const { data, error, mutate } = usePublicPro(slug);
  const more = useProReviews(slug, data?.reviews);
  const unit = useViewerDistanceUnit(data?.serviceArea.country);
  const status = errorStatus(error);
  usePageTitle(data?.businessName ?? (status === 404 || status === 410 ? 'Pro not found' : null));
  return (
    <Container>
      <ProPageView
        pro={data}
        error={error}
        onRetry={() => mutate()}
        moreReviews={more.pages.flatMap((p) => p.items)}
        hasMoreReviews={more.hasMore}
        isLoadingMoreReviews={more.isLoadingMore}
        moreReviewsError={more.error}
        onLoadMoreReviews={() => void more.loadMore()}
        bookHref={(s) => bookHrefFor(role, s)}
        distanceUnit={unit}
      />
    </Container>
  );
}
