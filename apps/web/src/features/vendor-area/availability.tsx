import { Container } from '@vetted/ui';
import { useAvailability, useSaveAvailability } from './use-availability';
import { toast } from '../../lib/toast';
import { AvailabilityView } from './availability-view';

/**
 * `/vendor/availability`: the pro's opening hours, exceptions and booking rules
 * (`GET/PUT /v1/vendor/availability`). Slots customers see follow a save at once.
 */
export function VendorAvailabilityPage() {
  const { data, error, isLoading, mutate } = useAvailability();
  const save = useSaveAvailability();
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
    </Container>
  );
}
