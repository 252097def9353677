import { Container } from '@vetted/ui';
import { useParams } from 'wouter';
import { usePageTitle } from '../../lib/hooks/use-page-title';
import { useServicePage } from './use-service-page';
import { errorStatus } from '../../lib/errors';
import { servicePageHeading } from '../../lib/public-page-text';
import { useViewerDistanceUnit } from '../../lib/viewer-distance';
import { ServicePageView } from './service-page-view';

/**
 * `/services/:category` and `/services/:category/:place`: a category's landing page, open to
 * everyone ("Plumbing pros in Boston, MA"). The API renders it on the server with its data as
 * SWR fallback under `servicePageKey(category, place)` (lib/public-page-keys.ts).
 */
export function ServiceLandingPage() {
  const { category, place } = useParams<{ category: string; place?: string }>();
  const { data, error, mutate } = useServicePage(category, place);
  const unit = useViewerDistanceUnit(data?.place?.country);
  const status = errorStatus(error);
  usePageTitle(
    data ? servicePageHeading(data) : status === 404 || status === 410 ? 'Page not found' : null,
  );
  return (
    <Container>
      <ServicePageView page={data} error={error} onRetry={() => mutate()} distanceUnit={unit} />
    </Container>
  );
}
