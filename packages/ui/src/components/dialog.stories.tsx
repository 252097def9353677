import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from './button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './dialog';
import { FormField } from './form-field';
import { Input } from './input';

const meta = {
  title: 'Components/Dialog',
  component: Dialog,
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

function EditAddress({ defaultOpen }: { defaultOpen?: boolean }) {
  return (
    <Dialog defaultOpen={defaultOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">Edit address</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit address</DialogTitle>
          <DialogDescription>The vendor sees this address after you book.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <FormField label="Street">
            <Input defaultValue="12 Harbour Road" />
          </FormField>
          <FormField label="City">
            <Input defaultValue="Howth" />
          </FormField>
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <DialogClose asChild>
            <Button>Save address</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export const Default: Story = { render: () => <EditAddress /> };

/** Open stories render in an iframe on the docs page so their modal doesn't cover it. */
const inIframe = { docs: { story: { inline: false, iframeHeight: 560 } } };

export const Open: Story = { render: () => <EditAddress defaultOpen />, parameters: inIframe };

export const OpenDark: Story = {
  render: () => <EditAddress defaultOpen />,
  globals: { theme: 'dark' },
  parameters: inIframe,
};

export const KeyboardFocusTrapAndReturn: Story = {
  render: () => <EditAddress />,
  play: async ({ canvasElement, step }) => {
    const body = within(canvasElement.ownerDocument.body);
    const trigger = body.getByRole('button', { name: 'Edit address' });

    await step('open with Enter', async () => {
      trigger.focus();
      await userEvent.keyboard('{Enter}');
      const dialog = await body.findByRole('dialog', { name: 'Edit address' });
      await waitFor(() => expect(dialog).toBeVisible());
      await waitFor(() => expect(within(dialog).getByLabelText('Street')).toHaveFocus());
    });

    await step('Tab cycles inside the dialog', async () => {
      const dialog = body.getByRole('dialog');
      for (let i = 0; i < 6; i++) {
        await userEvent.tab();
        await expect(dialog.contains(canvasElement.ownerDocument.activeElement)).toBe(true);
      }
      await userEvent.tab({ shift: true });
      await expect(dialog.contains(canvasElement.ownerDocument.activeElement)).toBe(true);
    });

    await step('Escape closes and focus returns to the trigger', async () => {
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
      await expect(trigger).toHaveFocus();
    });
  },
};

export const CloseButton: Story = {
  render: () => <EditAddress />,
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(body.getByRole('button', { name: 'Edit address' }));
    const dialog = await body.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
  },
};

export const LongContent: Story = {
  parameters: inIframe,
  render: () => (
    <Dialog defaultOpen>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Terms of booking</DialogTitle>
          <DialogDescription>Please read before paying.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3 text-sm">
          {Array.from({ length: 14 }, (_, i) => i + 1).map((n) => (
            <p key={n}>
              {n}. Vendors confirm bookings within 24 hours. Cancellations made more than 24 hours
              before the appointment are refunded in full.
            </p>
          ))}
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button>I understand</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  ),
};

export const WithoutCloseButton: Story = {
  parameters: inIframe,
  render: () => (
    <Dialog defaultOpen>
      <DialogContent showCloseButton={false} aria-describedby={undefined}>
        <DialogHeader>
          <DialogTitle>Booking sent</DialogTitle>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button>Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  ),
};
