import type { OtpChallenge } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import * as React from 'react';
import { Redirect, useLocation, useSearchParams } from 'wouter';
import { homeFor, useSession } from '../../lib/session';
import { api } from '../../lib/vetted-api';
import { ForgotPasswordView } from './forgot-password-view';
import { toast } from '../../lib/toast';

/** `/auth/forgot-password?email=`: password reset by mailed code, then back to log in. */
export function ForgotPasswordPage() {
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const { role } = useSession();
  const [challenge, setChallenge] = React.useState<OtpChallenge | null>(null);

  // Signed in already: nothing to reset here.
  if (role) return <Redirect to={homeFor(role)} replace />;

  return (
    <ForgotPasswordView
      challenge={challenge}
      defaultEmail={params.get('email') ?? ''}
      loginHref={ROUTES.login}
      onRequestCode={async (values) => {
        setChallenge(await api.auth.forgotPassword(values));
      }}
      onResend={async () => {
        if (challenge)
          setChallenge(await api.auth.resendOtp({ challengeId: challenge.challengeId }));
      }}
      onStartAgain={() => setChallenge(null)}
      onReset={async ({ code, password }) => {
        if (!challenge) return;
        await api.auth.resetPassword({ challengeId: challenge.challengeId, code, password });
        toast.success('Password changed. Log in with your new password.');
        navigate(buildLink(ROUTES.login, { query: { email: challenge.email } }), {
          replace: true,
        });
      }}
    />
  );
}
