import { MESSAGES } from '@vetted/api-client';
import { OTP_LENGTH } from '@vetted/contract';
import { resolveAccess } from '@vetted/session';
import * as React from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { errorMessage } from '../../lib/errors';
import { homeFor, useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { api } from '../../lib/vetted-api';

/** What the emailed code confirms: a new account or a log-in. */
export type OtpPurpose = 'signup' | 'login';

/** The code field's id, focused again after a refused code. */
export const OTP_CODE_ID = 'otp-code';

/**
 * State and actions of the OTP page for challenge `challengeId` (null: none, and the actions do
 * nothing). `verify(code)` checks a {@link OTP_LENGTH}-digit code once at a time, signs in and
 * goes to `redirect` when the role may open it (a pro who just signed up goes to `/vendor`),
 * else to the role's home; a refused code empties the field, shows the error and puts focus back
 * in the first cell. `resend()` mails a new code and puts the new challenge id and resend time
 * into the URL. Errors are shown beside the code (`error`), never thrown.
 */
export function useOtpVerification(
  challengeId: string | null,
  purpose: OtpPurpose,
  redirect: string | null,
) {
  const [, navigate] = useLocation();
  const [params, setParams] = useSearchParams();
  const { signIn } = useSession();
  const [code, setCode] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const [verifying, setVerifying] = React.useState(false);
  const [resending, setResending] = React.useState(false);
  const [status, setStatus] = React.useState('');
  const inFlight = React.useRef(false);
  // Set by a refused code: focus goes back to the first cell once the cells are enabled again
  // (a disabled input cannot take focus, so focusing from the catch block raced the re-render).
  const refocus = React.useRef(false);
  React.useEffect(() => {
    if (verifying || !refocus.current) return;
    refocus.current = false;
    document.getElementById(OTP_CODE_ID)?.focus();
  }, [verifying]);

  const changeCode = (value: string) => {
    setCode(value);
    if (error) setError(null);
  };

  const verify = async (value: string) => {
    if (!challengeId || inFlight.current || value.length !== OTP_LENGTH) return;
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
    if (!challengeId) return;
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

  return { code, changeCode, error, verifying, resending, status, verify, resend };
}
