import { OTP_LENGTH } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import { Alert, AlertDescription, Button, Label, OtpInput } from '@vetted/ui';
import { Link, useSearchParams } from 'wouter';
import { safeRedirect } from '../../lib/form';
import { AuthCard } from './auth-card';
import { OtpLinkIncomplete, ResendCode } from './otp-parts';
import { OTP_CODE_ID, useOtpVerification } from './use-otp-verification';

/** `/auth/otp-verification?challengeId=&email=&purpose=&resendAt=&redirect=`. */
export function OtpPage() {
  const [params] = useSearchParams();
  const challengeId = params.get('challengeId');
  const email = params.get('email') ?? 'your email';
  const purpose = params.get('purpose') === 'signup' ? 'signup' : 'login';
  const redirect = safeRedirect(params.get('redirect'));
  const { code, changeCode, error, verifying, resending, status, verify, resend } =
    useOtpVerification(challengeId, purpose, redirect);

  if (!challengeId) return <OtpLinkIncomplete />;

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
          <Label htmlFor={OTP_CODE_ID}>Verification code</Label>
          <OtpInput
            id={OTP_CODE_ID}
            length={OTP_LENGTH}
            value={code}
            onChange={changeCode}
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
        <ResendCode resendAt={params.get('resendAt')} resending={resending} onResend={resend} />
        <p className="sr-only" aria-live="polite">
          {status}
        </p>
      </form>
    </AuthCard>
  );
}
