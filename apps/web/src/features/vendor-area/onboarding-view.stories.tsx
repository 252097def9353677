import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { loadError } from '../../fixtures';
import { settled } from '../../fixtures/settled';
import {
  draftProfile,
  pendingProfile,
  readyProfile,
  rejectedProfile,
  suspendedProfile,
} from '../../fixtures/vendor-area';
import { VendorOnboardingView } from './onboarding-view';

/*
 * `/vendor` before approval: the onboarding checklist in each vetting state — a new
 * pro's draft, everything done (submit), under review, rejected with a reason, suspended.
 */

const meta = {
  title: 'Screens/Vendor/Onboarding',
  component: VendorOnboardingView,
  args: { onSubmit: fn(async () => undefined), onRetry: fn() },
  decorators: [(Story) => <div className="mx-auto max-w-3xl">{Story()}</div>],
} satisfies Meta<typeof VendorOnboardingView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { isLoading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading your dashboard' })).toBeVisible();
  },
};

export const ErrorState: Story = {
  name: 'Error',
  args: { error: loadError },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText(loadError.message)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** A pro who just signed up: every step to do; submitting is not possible yet. */
export const NewPro: Story = {
  name: 'Draft: just signed up',
  args: { profile: draftProfile },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Set up your business' }),
    ).toBeVisible();
    await expect(canvas.getByText('0 of 4 steps done')).toBeVisible();
    const steps = within(canvas.getByRole('list', { name: 'Your checklist' }));
    const documents = steps.getByRole('listitem', { name: 'Documents' });
    await expect(within(documents).getByText('Upload your insurance certificate')).toBeVisible();
    await expect(within(documents).getByRole('link', { name: 'Upload documents' })).toHaveAttribute(
      'href',
      '/vendor/documents',
    );
    await expect(
      within(steps.getByRole('listitem', { name: 'Opening hours' })).getByRole('link', {
        name: 'Set hours',
      }),
    ).toHaveAttribute('href', '/vendor/availability');
    await expect(canvas.getByRole('button', { name: 'Submit for review' })).toBeDisabled();
    await expect(
      canvas.getByText('Finish the steps above to submit your profile for review.'),
    ).toBeVisible();
  },
};

/** Every step done: "Submit for review" asks first, then submits. */
export const ReadyToSubmit: Story = {
  name: 'Draft: ready to submit',
  args: { profile: readyProfile },
  play: async ({ canvas, canvasElement, args }) => {
    await expect(canvas.getByText('4 of 4 steps done')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Submit for review' }));
    const dialog = await settled(
      await within(canvasElement.ownerDocument.body).findByRole('alertdialog', {
        name: 'Submit your profile for review?',
      }),
    );
    await expect(within(dialog).getByText(/cannot delete your documents/)).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit for review' }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledTimes(1));
  },
};

export const UnderReview: Story = {
  name: 'Pending: under review',
  args: { profile: pendingProfile },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Your profile is under review' }),
    ).toBeVisible();
    await expect(canvas.getByText(/we will notify you of the decision/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /Submit/ })).toBeNull();
  },
};

export const Rejected: Story = {
  name: 'Rejected: fix and resubmit',
  args: { profile: rejectedProfile },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/insurance certificate expired in October/)).toBeVisible();
    await expect(
      canvas.getByText('Fix what is asked, then submit your profile again.'),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Submit again' })).toBeEnabled();
  },
};

export const Suspended: Story = {
  name: 'Suspended: contact support',
  args: { profile: suspendedProfile },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Customers cannot find or book you')).toBeVisible();
    await expect(canvas.getByText(/reported no-shows/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      '/vendor/messages/support',
    );
    await expect(canvas.queryByRole('list', { name: 'Your checklist' })).toBeNull();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { profile: rejectedProfile },
};

export const Mobile: Story = {
  name: 'Draft at 375 px',
  parameters: { testViewport: { width: 375 } },
  args: { profile: draftProfile },
  decorators: [(Story) => <div className="max-w-[375px]">{Story()}</div>],
};
