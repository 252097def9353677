import { ROUTES } from '@vetted/session';
import { Button, EmptyState, Spinner } from '@vetted/ui';
import { MailWarning } from 'lucide-react';
import * as React from 'react';
import { Link } from 'wouter';
import { AuthCard } from './auth-card';

/** Seconds left until `iso`, never negative (0 when null or unparsable); ticks every second. */
function useSecondsUntil(iso: string | null) {
  const target = iso ? Date.parse(iso) : Number.NaN;
  const compute = React.useCallback(
    () => (Number.isNaN(target) ? 0 : Math.max(0, Math.ceil((target - Date.now()) / 1000))),
    [target],
  );
  const [left, setLeft] = React.useState(compute);
  React.useEffect(() => {
    setLeft(compute());
    const id = window.setInterval(() => setLeft(compute()), 1000);
    return () => window.clearInterval(id);
  }, [compute]);
  return left;
}

/** The OTP page without a `challengeId`: nothing to verify, a way back to log in. */
export function OtpLinkIncomplete() {
  return (
    <AuthCard title="Verification link incomplete">
      <EmptyState
        icon={<MailWarning />}
        title="We could not find your sign-in attempt"
        description="Start again from the log in page to get a new code."
        action={
          <Button asChild>
            <Link href={ROUTES.login}>Go to log in</Link>
          </Button>
        }
      />
    </AuthCard>
  );
}

export interface ResendCodeProps {
  /** When a new code may be asked for (ISO date-time); null or past: now. */
  resendAt: string | null;
  /** A new code is being asked for: the button is disabled and spins. */
  resending: boolean;
  onResend: () => void;
}

/** "Didn't get it?": a m:ss countdown until `resendAt`, then the "Resend code" button. */
export function ResendCode({ resendAt, resending, onResend }: ResendCodeProps) {
  const secondsLeft = useSecondsUntil(resendAt);
  return (
    <div className="flex flex-col items-center gap-1 text-sm">
      <span className="text-muted">Didn't get it? Check spam, or</span>
      {secondsLeft > 0 ? (
        <span className="text-muted" aria-live="off">
          resend a code in{' '}
          <span className="font-medium text-fg tabular-nums">
            {Math.floor(secondsLeft / 60)}:{String(secondsLeft % 60).padStart(2, '0')}
          </span>
        </span>
      ) : (
        <Button type="button" variant="link" onClick={onResend} disabled={resending}>
          {resending ? <Spinner size="sm" /> : null}
          Resend code
        </Button>
      )}
    </div>
  );
}
