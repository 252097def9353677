import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '@vetted/ui';
import { MessageSquare } from 'lucide-react';
import { fn } from 'storybook/test';
import { loadError, services, vendorDetail } from '../../fixtures';
import { VendorView } from './vendor-view';

const meta = {
  title: 'Screens/User/Vendor',
  component: VendorView,
  args: {
    serviceHref: (s) => `/user/services/vendor/${s.vendorId}/service?serviceId=${s.id}`,
    onRetry: fn(),
    onRetryServices: fn(),
  },
} satisfies Meta<typeof VendorView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { isLoading: true } };
export const Empty: Story = { args: { vendor: vendorDetail, services: [] } };
export const ErrorState: Story = { name: 'Error', args: { error: loadError } };
export const ServicesError: Story = { args: { vendor: vendorDetail, servicesError: loadError } };
export const Populated: Story = {
  args: {
    vendor: vendorDetail,
    services,
    distanceKm: 3.4,
    // The page passes MessageButton (customers and signed-out visitors only).
    actions: (
      <Button variant="outline">
        <MessageSquare aria-hidden="true" /> Message
      </Button>
    ),
  },
};
