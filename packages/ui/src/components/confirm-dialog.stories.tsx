import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, mocked, userEvent, waitFor, within } from 'storybook/test';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';

const meta = {
  title: 'Components/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    title: 'Cancel this booking?',
    description: 'The vendor is told straight away. You are refunded within 5 working days.',
    confirmLabel: 'Cancel booking',
    cancelLabel: 'Keep booking',
    destructive: true,
    trigger: <Button variant="destructive">Cancel booking</Button>,
    onConfirm: fn(),
  },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const bodyOf = (el: HTMLElement) => within(el.ownerDocument.body);

/**
 * Resolves once the CSS animations on `el` and inside it (the dialog's zoom-in) have finished,
 * so visibility is judged on the open dialog, not on a frame of its entrance. An animation
 * cancelled on the way (the dialog closed) counts as done.
 */
async function animationsDone(el: Element) {
  await Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => null)));
}

/**
 * Makes `onConfirm` return a promise that the play function settles itself, after it has seen
 * the pending state: a timer in the story would race the assertions on a busy machine. Only
 * the next call is controlled; later clicks (trying the story by hand) keep the timed demo.
 */
function controlConfirm(onConfirm: () => void | Promise<void>) {
  const settle: { resolve?: () => void; reject?: (error: Error) => void } = {};
  mocked(onConfirm).mockImplementationOnce(
    () =>
      new Promise<void>((resolve, reject) => {
        settle.resolve = resolve;
        settle.reject = reject;
      }),
  );
  return {
    resolve: () => settle.resolve?.(),
    reject: (error: Error) => settle.reject?.(error),
  };
}

export const Destructive: Story = {};
export const Neutral: Story = {
  args: {
    title: 'Mark this job as completed?',
    description: 'The customer will be asked to leave a review.',
    confirmLabel: 'Mark completed',
    cancelLabel: 'Not yet',
    destructive: false,
    trigger: <Button>Mark completed</Button>,
  },
};
export const WithoutDescription: Story = {
  args: {
    description: undefined,
    title: 'Log out?',
    confirmLabel: 'Log out',
    destructive: false,
    trigger: <Button variant="outline">Log out</Button>,
  },
};
export const OpenDark: Story = {
  args: { open: true },
  globals: { theme: 'dark' },
  parameters: { docs: { story: { inline: false, iframeHeight: 420 } } },
};

export const KeyboardConfirm: Story = {
  play: async ({ canvasElement, args }) => {
    const body = bodyOf(canvasElement);
    const trigger = body.getByRole('button', { name: 'Cancel booking' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await body.findByRole('alertdialog', { name: 'Cancel this booking?' });
    // Radix AlertDialog puts focus on Cancel: the safe choice.
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Keep booking' })).toHaveFocus(),
    );
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Cancel booking' })).toHaveFocus();
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Keep booking' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(body.queryByRole('alertdialog')).toBeNull());
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await expect(trigger).toHaveFocus();
  },
};

export const EscapeCancels: Story = {
  play: async ({ canvasElement, args }) => {
    const body = bodyOf(canvasElement);
    await userEvent.click(body.getByRole('button', { name: 'Cancel booking' }));
    await body.findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('alertdialog')).toBeNull());
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

export const AsyncConfirmSucceeds: Story = {
  args: {
    onConfirm: fn(() => new Promise<void>((resolve) => setTimeout(resolve, 400))),
  },
  play: async ({ canvasElement, args }) => {
    const action = controlConfirm(args.onConfirm);
    const body = bodyOf(canvasElement);
    await userEvent.click(body.getByRole('button', { name: 'Cancel booking' }));
    const dialog = await body.findByRole('alertdialog');
    const confirm = within(dialog).getByRole('button', { name: 'Cancel booking' });
    await userEvent.click(confirm);
    await waitFor(() => expect(confirm).toHaveAttribute('aria-busy', 'true'));
    await expect(within(dialog).getByRole('button', { name: 'Keep booking' })).toBeDisabled();
    action.resolve();
    await waitFor(() => expect(body.queryByRole('alertdialog')).toBeNull(), { timeout: 3000 });
  },
};

export const AsyncConfirmFailsStaysOpen: Story = {
  args: {
    onConfirm: fn(
      () => new Promise<void>((_, reject) => setTimeout(() => reject(new Error('Network')), 300)),
    ),
  },
  play: async ({ canvasElement, args }) => {
    const action = controlConfirm(args.onConfirm);
    const body = bodyOf(canvasElement);
    await userEvent.click(body.getByRole('button', { name: 'Cancel booking' }));
    const dialog = await body.findByRole('alertdialog');
    const confirm = within(dialog).getByRole('button', { name: 'Cancel booking' });
    await userEvent.click(confirm);
    await waitFor(() => expect(confirm).toHaveAttribute('aria-busy', 'true'));
    action.reject(new Error('Network'));
    await waitFor(() => expect(confirm).not.toHaveAttribute('aria-busy'));
    await expect(dialog).toHaveAttribute('data-state', 'open');
    await animationsDone(dialog);
    await expect(body.getByRole('alertdialog')).toBeVisible();
    await expect(confirm).toBeEnabled();
  },
};

export const Controlled: Story = {
  render: (args) => {
    const [open, setOpen] = useState(false);
    return (
      <div className="flex items-center gap-3">
        <Button variant="outline" onClick={() => setOpen(true)}>
          Delete photo
        </Button>
        <span className="text-sm text-muted">open: {String(open)}</span>
        <ConfirmDialog
          {...args}
          trigger={undefined}
          open={open}
          onOpenChange={setOpen}
          title="Delete this photo?"
          description="It is removed from your gallery."
          confirmLabel="Delete"
          cancelLabel="Cancel"
        />
      </div>
    );
  },
};
