import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '@vetted/ui';
import { MessageSquare } from 'lucide-react';
import * as React from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { emptySlots, gallery, loadError, serviceDetail, slots } from '../../fixtures';
import { ServiceDetailView, type ServiceDetailViewProps } from './service-detail-view';

const base = {
  onSelect: fn(),
  onNextWeek: fn(),
  onPrevWeek: fn(),
  onRetry: fn(),
  onRetrySlots: fn(),
  canGoBack: false,
  vendorHref: '/user/services/vendor/v1',
  galleryHref: '/user/services/vendor/v1/service/gallery?serviceId=s1',
  checkoutHref: null,
} satisfies Partial<ServiceDetailViewProps>;

/** Keeps the chosen slot in state, like the page does with the URL. */
function Stateful(props: ServiceDetailViewProps) {
  const [selected, setSelected] = React.useState(props.selected);
  return (
    <ServiceDetailView
      {...props}
      selected={selected}
      onSelect={(v) => {
        setSelected(v);
        props.onSelect(v);
      }}
      checkoutHref={selected ? `/checkout?startsAt=${selected}` : null}
    />
  );
}

const meta = {
  title: 'Screens/User/Service detail',
  component: ServiceDetailView,
  args: base,
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof ServiceDetailView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { isLoading: true } };
export const Empty: Story = {
  name: 'Empty (no free times)',
  args: { service: { ...serviceDetail, imageCount: 0 }, gallery: [], slots: emptySlots },
};
export const ErrorState: Story = { name: 'Error', args: { error: loadError } };
export const SlotsError: Story = {
  args: { service: serviceDetail, gallery, slotsError: loadError },
};
export const Populated: Story = {
  args: {
    service: serviceDetail,
    gallery,
    slots,
    // The page passes MessageButton (customers and signed-out visitors only).
    messageAction: (
      <Button variant="outline" size="sm">
        <MessageSquare aria-hidden="true" /> Message the pro
      </Button>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Checkout stays disabled until a time is chosen.
    await expect(canvas.getByRole('button', { name: 'Continue to checkout' })).toBeDisabled();
    const times = canvas
      .getAllByRole('button', { name: /AM|PM/ })
      .filter((b) => !(b as HTMLButtonElement).disabled);
    await userEvent.click(times[0]!);
    await expect(await canvas.findByRole('link', { name: 'Continue to checkout' })).toBeVisible();
  },
};
