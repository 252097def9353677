import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import * as React from 'react';
import { cn } from '../lib/utils';
import { Button } from './button';
import { overlayClasses } from './dialog';

type ConfirmDialogProps = {
  /** Controlled open state. */
  open?: boolean;
  /** Called when the dialog wants to open or close. */
  onOpenChange?: (open: boolean) => void;
  /** Element that opens the dialog (rendered through `asChild`, so pass a Button). */
  trigger?: React.ReactNode;
  /** Question asked, e.g. "Cancel this order?". */
  title: React.ReactNode;
  /** Consequences spelled out under the title. */
  description?: React.ReactNode;
  /**
   * Label of the confirming button.
   * @defaultValue 'Confirm'
   */
  confirmLabel?: string;
  /**
   * Label of the cancelling button.
   * @defaultValue 'Cancel'
   */
  cancelLabel?: string;
  /**
   * Styles the confirming button as destructive.
   * @defaultValue false
   */
  destructive?: boolean;
  /**
   * Disables the confirming button, e.g. while what it would do is still loading.
   * @defaultValue false
   */
  confirmDisabled?: boolean;
  /**
   * Runs on confirm. A returned promise shows a pending state; the dialog closes when it
   * resolves and stays open (buttons re-enabled) when it rejects.
   */
  onConfirm: () => void | Promise<void>;
  /** Extra content under the description. */
  children?: React.ReactNode;
  className?: string;
};

/** A confirmation prompt (Radix AlertDialog): focus starts on Cancel, Escape cancels. */
function ConfirmDialog({
  open: openProp,
  onOpenChange,
  trigger,
  title,
  description,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  destructive = false,
  confirmDisabled = false,
  onConfirm,
  children,
  className,
}: ConfirmDialogProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = React.useState(false);
  const [pending, setPending] = React.useState(false);
  const open = openProp ?? uncontrolledOpen;
  const setOpen = (next: boolean) => {
    if (openProp === undefined) setUncontrolledOpen(next);
    onOpenChange?.(next);
  };

  const handleConfirm = async (event: React.MouseEvent) => {
    // Keep the dialog open until the action settles.
    event.preventDefault();
    try {
      const result = onConfirm();
      if (result && typeof (result as Promise<void>).then === 'function') {
        setPending(true);
        await result;
      }
      setPending(false);
      setOpen(false);
    } catch {
      // Rejection: stay open so the person can retry or cancel; the caller reports the error.
      setPending(false);
    }
  };

  return (
    <AlertDialogPrimitive.Root
      open={open}
      onOpenChange={(next) => {
        if (!pending) setOpen(next);
      }}
    >
      {trigger ? (
        <AlertDialogPrimitive.Trigger asChild>{trigger}</AlertDialogPrimitive.Trigger>
      ) : null}
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay
          data-slot="confirm-dialog-overlay"
          className={overlayClasses}
        />
        <AlertDialogPrimitive.Content
          data-slot="confirm-dialog"
          aria-busy={pending || undefined}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4',
            'rounded-modal border border-border bg-surface-raised p-6 text-fg shadow-xl outline-none',
            'data-[state=open]:animate-zoom-in data-[state=closed]:animate-zoom-out',
            className,
          )}
        >
          <div className="flex flex-col gap-1.5">
            <AlertDialogPrimitive.Title className="text-lg leading-tight font-semibold">
              {title}
            </AlertDialogPrimitive.Title>
            {description ? (
              <AlertDialogPrimitive.Description className="text-sm text-muted">
                {description}
              </AlertDialogPrimitive.Description>
            ) : null}
          </div>
          {children}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogPrimitive.Cancel asChild>
              <Button variant="outline" disabled={pending}>
                {cancelLabel}
              </Button>
            </AlertDialogPrimitive.Cancel>
            <AlertDialogPrimitive.Action asChild>
              <Button
                variant={destructive ? 'destructive' : 'primary'}
                loading={pending}
                disabled={confirmDisabled}
                onClick={handleConfirm}
              >
                {confirmLabel}
              </Button>
            </AlertDialogPrimitive.Action>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}

export { ConfirmDialog };
export type { ConfirmDialogProps };
