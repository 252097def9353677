import { MESSAGES } from '@vetted/api-client';
import { OTP_LENGTH } from '@vetted/contract';
import { buildLink, ROUTES, resolveAccess } from '@vetted/session';
import { Alert, AlertDescription, Button, EmptyState, Label, OtpInput, Spinner } from '@vetted/ui';
import { MailWarning } from 'lucide-react';
import * as React from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { api } from '../../lib/vetted-api';
import { errorMessage } from '../../lib/errors';
import { safeRedirect } from '../../lib/form';
import { homeFor, useSession } from '../../lib/session';
import { AuthCard } from './auth-card';
import { toast } from '../../lib/toast';

/** Seconds left until `iso`, never negative; ticks every second. */
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

/** `/auth/otp-verification?challengeId=&email=&purpose=&resendAt=&redirect=`. */
export function OtpPage() {
  const [, navigate] = useLocation();
  const [params, setParams] = useSearchParams();
  const { signIn } = useSession();
  const challengeId = params.get('challengeId');
  const email = params.get('email') ?? 'your email';
  const purpose = params.get('purpose') === 'signup' ? 'signup' : 'login';
  const redirect = safeRedirect(params.get('redirect'));
  const [code, setCode] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const [verifying, setVerifying] = React.useState(false);
  const [resending, setResending] = React.useState(false);
  const [status, setStatus] = React.useState('');
  const secondsLeft = useSecondsUntil(params.get('resendAt'));
  const inFlight = React.useRef(false);
  // Set by a refused code: focus goes back to the first cell once the cells are enabled again
  // (a disabled input cannot take focus, so focusing from the catch block raced the re-render).
  const refocus = React.useRef(false);
  React.useEffect(() => {
    if (verifying || !refocus.current) return;
    refocus.current = false;
    document.getElementById('otp-code')?.focus();
  }, [verifying]);

  if (!challengeId) {
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

  const verify = async (value: string) => {
    if (inFlight.current || value.length !== OTP_LENGTH) return;
    inFlight.current = true;
    setVerifying(true);
    setError(null);
    try {
      const session = await api.auth.verifyOtp({ challengeId, code: value });
      signIn(session);
      toast.success(purpose === 'signup' ? 'Welcome to Vetted!' : 'Signed in');
      // A pro who just signed up goes to the onboarding checklist at `/vendor`, not
      // back to the page they started from.
      const newPro = purpose === 'signup' && session.role === 'vendor';
      const target =
        redirect && !newPro && resolveAccess(redirect, session.role).type === 'allow'
          ? redirect
          : homeFor(session.role);
      navigate(target, { replace: true });
    } catch (err) {
      // One message, in the form beside the code: a toast repeating it would say it twice.
      setError(errorMessage(err, MESSAGES.errorVerifyingOtp));
      setCode('');
      // Back to the first cell for the next try.
      refocus.current = true;
    } finally {
      inFlight.current = false;
      setVerifying(false);
    }
  };

  const resend = async () => {
    setResending(true);
    setError(null);
    try {
      const challenge = await api.auth.resendOtp({ challengeId });
      const next = new URLSearchParams(params);
      next.set('challengeId', challenge.challengeId);
      next.set('resendAt', challenge.resendAvailableAt);
      setParams(next, { replace: true });
      setStatus(`A new code is on its way to ${challenge.email}.`);
      toast.success('New code sent');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setResending(false);
    }
  };

  return (
    <AuthCard
      title={purpose === 'signup' ? 'Verify your email' : 'Enter your code'}
      description={
        <>
          We sent a {OTP_LENGTH}-digit code to <strong className="text-fg">{email}</strong>. It
          expires in 10 minutes.
        </>
      }
      footer={
        <>
          Wrong email?{' '}
          <Link
            href={buildLink(purpose === 'signup' ? ROUTES.signup : ROUTES.login, {
              query: { redirect },
            })}
            className="font-medium text-link underline-offset-4 hover:underline"
          >
            Start again
          </Link>
        </>
      }
    >
      <form
        className="flex flex-col gap-5"
        onSubmit={(e) => {
          e.preventDefault();
          void verify(code);
        }}
      >
        <div className="flex flex-col gap-2">
          <Label htmlFor="otp-code">Verification code</Label>
          <OtpInput
            id="otp-code"
            length={OTP_LENGTH}
            value={code}
            onChange={(v) => {
              setCode(v);
              if (error) setError(null);
            }}
            onComplete={(v) => void verify(v)}
            autoFocus
            disabled={verifying}
            invalid={Boolean(error)}
            aria-describedby={error ? 'otp-error' : undefined}
          />
        </div>
        <div id="otp-error">
          {error ? (
            <Alert variant="danger" role="alert">
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          ) : null}
        </div>
        <Button
          type="submit"
          size="lg"
          className="w-full"
          loading={verifying}
          disabled={code.length !== OTP_LENGTH}
        >
          Verify
        </Button>
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
            <Button type="button" variant="link" onClick={resend} disabled={resending}>
              {resending ? <Spinner size="sm" /> : null}
              Resend code
            </Button>
          )}
        </div>
        <p className="sr-only" aria-live="polite">
          {status}
        </p>
      </form>
    </AuthCard>
  );
}
