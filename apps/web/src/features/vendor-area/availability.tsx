import { Container } from '@vetted/ui';
import { useAvailability, useSaveAvailability } from './use-availability';
import { toast } from '../../lib/toast';
import { AvailabilityView } from './availability-view';
import { BusyCalendars } from './busy-calendars';
import { CalendarFeedSection } from './calendar-feed-view';
import { useCalendarFeed, useRotateCalendarFeed } from './use-calendar-feed';

/**
 * `/vendor/availability`: the pro's opening hours, exceptions and booking rules
 * (`GET/PUT /v1/vendor/availability`). Slots customers see follow a save at once. Below them,
 * the private calendar feed of the pro's jobs (`GET /v1/vendor/calendar-feed`): this is the page
 * about when the pro works, where they look for their schedule, and it keeps the dashboard to
 * today's figures.
 */
export function VendorAvailabilityPage() {
  const { data, error, isLoading, mutate } = useAvailability();
  const save = useSaveAvailability();
  const feed = useCalendarFeed();
  const rotateFeed = useRotateCalendarFeed();
  return (
    <Container size="md" className="flex flex-col gap-6">
      <AvailabilityView
        availability={data}
        isLoading={isLoading}
        error={error}
        onRetry={() => mutate()}
        onSave={async (body) => {
          const saved = await save(body);
          toast.success('Opening hours saved', {
            description: 'Customers see the new times straight away.',
          });
          return saved;
        }}
      />
      <CalendarFeedSection
        feed={feed.data}
        isLoading={feed.isLoading}
        error={feed.error}
        onRetry={() => feed.mutate()}
        onRotate={rotateFeed}
      />
      <BusyCalendars />
    </Container>
  );
}
