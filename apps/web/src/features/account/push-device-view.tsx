import { Alert, AlertDescription, Button, Skeleton } from '@vetted/ui';
import { BellOff, BellRing } from 'lucide-react';
import type { PushDeviceState } from './use-push-device';

export interface PushDeviceViewProps {
  /** This browser's push state (see `usePushDevice`). */
  state: PushDeviceState;
  /** A turn-on/off is under way. @defaultValue false */
  busy?: boolean;
  /** Why the last turn-on/off failed, in words to show; null when it did not. */
  error?: string | null;
  /** Asks permission, subscribes this browser and saves it (called from the click). */
  onTurnOn: () => void;
  /** Stops push to this browser. */
  onTurnOff: () => void;
}

/** What each state tells the person: only what is true of this browser now. */
const WORDS: Record<Exclude<PushDeviceState, 'checking'>, string> = {
  unsupported:
    'This browser cannot show notifications from websites. On an iPhone or iPad, add Vetted to your Home Screen (Share, then Add to Home Screen) and turn them on in the app from there.',
  denied:
    'Notifications from Vetted are blocked in this browser. To allow them, open the site settings (the icon to the left of the address bar), set Notifications to Allow, then reload this page.',
  off: 'Get bookings, messages and reminders on this device as they happen, even when Vetted is closed. The Push switches above choose which.',
  on: 'This device shows Vetted notifications. The Push switches above choose which.',
};

/**
 * "This device" row of the notification settings: push on this browser — a button to turn it
 * on (or off), or why it cannot be (unsupported browser, notifications blocked and how to
 * allow them), and the last failure.
 */
export function PushDeviceView({
  state,
  busy = false,
  error = null,
  onTurnOn,
  onTurnOff,
}: PushDeviceViewProps) {
  return (
    <section
      aria-labelledby="push-device-title"
      className="flex flex-col gap-3 border-t border-border pt-4"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-1">
          <h3 id="push-device-title" className="font-medium">
            Push notifications on this device
          </h3>
          {state === 'checking' ? (
            <div role="status" aria-busy="true" aria-label="Checking this browser">
              <Skeleton className="h-4 w-64" />
            </div>
          ) : (
            <p className="text-sm text-muted">{WORDS[state]}</p>
          )}
        </div>
        {state === 'off' ? (
          <Button className="shrink-0" loading={busy} onClick={onTurnOn}>
            <BellRing aria-hidden="true" /> Turn on notifications on this device
          </Button>
        ) : state === 'on' ? (
          <Button className="shrink-0" variant="outline" loading={busy} onClick={onTurnOff}>
            <BellOff aria-hidden="true" /> Turn off on this device
          </Button>
        ) : null}
      </div>
      {error ? (
        <Alert variant="danger" role="alert">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
    </section>
  );
}
