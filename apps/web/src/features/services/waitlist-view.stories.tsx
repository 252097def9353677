import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Slots, WaitlistEntry } from '@vetted/contract';
import { expect, fn, userEvent, within } from 'storybook/test';
import { gallery, serviceDetail, slots } from '../../fixtures';
import { ServiceDetailView } from './service-detail-view';
import { WaitlistDayAction, WaitlistOffers } from './waitlist-view';

/*
 * The waitlist on the service page: a fully booked day offers "Join the waitlist";
 * once joined the customer is told they are on it; a freed time held for them shows above the
 * slot picker with "Book this time".
 */

const meta = {
  title: 'Screens/User/Waitlist',
  component: WaitlistDayAction,
  args: { date: '2026-11-25', canJoin: true, onJoin: fn(), onLeave: fn() },
} satisfies Meta<typeof WaitlistDayAction>;
export default meta;
type Story = StoryObj<typeof meta>;

const entry: WaitlistEntry = {
  id: '00000000-0000-4000-8000-000000000901',
  service: {
    id: serviceDetail.id,
    title: serviceDetail.title,
    durationMinutes: serviceDetail.durationMinutes,
    vendorId: serviceDetail.vendorId,
    businessName: serviceDetail.vendor.businessName,
    timeZone: 'America/Los_Angeles',
  },
  date: '2026-11-25',
  status: 'waiting',
  offer: null,
  createdAt: '2026-11-22T10:00:00.000Z',
};

const offered: WaitlistEntry = {
  ...entry,
  status: 'offered',
  offer: {
    startsAt: '2026-11-25T18:00:00.000Z',
    endsAt: '2026-11-25T19:00:00.000Z',
    expiresAt: '2026-11-22T10:15:00.000Z',
  },
};

export const Join: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Join the waitlist' }));
    await expect(args.onJoin).toHaveBeenCalledOnce();
  },
};
export const Joining: Story = { args: { busy: true } };
export const SignedOut: Story = {
  name: 'Signed out',
  args: { canJoin: false, signInHref: '/auth/login?redirect=/user/services' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('link', { name: 'Sign in to join the waitlist' }),
    ).toBeVisible();
  },
};
export const OnTheWaitlist: Story = {
  name: 'On the waitlist',
  args: { entry },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('You’re on the waitlist')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Leave the waitlist' }));
    await expect(args.onLeave).toHaveBeenCalledOnce();
  },
};
export const Offer: Story = {
  name: 'A time held for you',
  render: () => (
    <WaitlistOffers
      offers={[offered]}
      checkoutHref={() => '/user/services/vendor/v1/service/checkout'}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('A time freed up for you')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Book this time' })).toBeVisible();
  },
};

/** The week with Wednesday fully booked (every slot taken). */
const fullDay: Slots = {
  ...slots,
  days: slots.days.map((d, i) =>
    i === 2 ? { ...d, slots: d.slots.map((s) => ({ ...s, available: false })) } : d,
  ),
};

export const OnServicePage: Story = {
  name: 'Service page: fully booked day',
  render: (args) => (
    <ServiceDetailView
      service={serviceDetail}
      gallery={gallery}
      slots={fullDay}
      onSelect={fn()}
      onNextWeek={fn()}
      canGoBack={false}
      vendorHref="/user/services/vendor/v1"
      galleryHref="/user/services/vendor/v1/service/gallery"
      checkoutHref={null}
      dayEmptyAction={(date, hasSlots) =>
        hasSlots ? <WaitlistDayAction {...args} date={date} /> : null
      }
      waitlistOffers={
        <WaitlistOffers
          offers={[offered]}
          checkoutHref={() => '/user/services/vendor/v1/service/checkout'}
        />
      }
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: /Wed/ }));
    await expect(canvas.getByText('No free times on this day')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Join the waitlist' })).toBeVisible();
    await expect(canvas.getByText('A time freed up for you')).toBeVisible();
  },
};
