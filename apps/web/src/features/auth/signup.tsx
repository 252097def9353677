import { buildLink, ROUTES } from '@vetted/session';
import * as React from 'react';
import { Redirect, useLocation, useSearchParams } from 'wouter';
import { useCategories } from '../../lib/hooks/use-categories';
import { useCitySearch } from '../../lib/hooks/use-city-search';
import { useHydrated } from '../../lib/hydration';
import { safeRedirect } from '../../lib/form';
import { homeFor, useSession } from '../../lib/session';
import { api } from '../../lib/vetted-api';
import { SignupView } from './signup-view';

/**
 * `/auth/signup`: creates a customer's or a pro's account (a pro with their business),
 * then goes on to the emailed code (`/auth/otp-verification`). `?role=vendor` preselects
 * "I offer services"; `?redirect=` is kept for after the code.
 */
export function SignupPage() {
  const hydrated = useHydrated();
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const defaultRole = params.get('role') === 'vendor' ? 'vendor' : 'customer';
  const [chosenRole, setChosenRole] = React.useState(defaultRole);
  const { role } = useSession();
  // Categories and city suggestions serve the pro's business fields only.
  const categories = useCategories(chosenRole === 'vendor');
  const citySearch = useCitySearch();

  // Already signed in: nothing to do here.
  if (role) return <Redirect to={homeFor(role)} replace />;

  return (
    <SignupView
      defaultRole={defaultRole}
      loginHref={buildLink(ROUTES.login, { query: { redirect } })}
      categories={categories.data}
      cities={citySearch.cities}
      citySearching={citySearch.searching}
      onCityTextChange={citySearch.setText}
      onRoleChange={setChosenRole}
      submitDisabled={!hydrated}
      onSubmit={async (values) => {
        const challenge = await api.auth.signup({
          ...values,
          phone: values.phone ? values.phone : undefined,
        });
        navigate(
          buildLink(ROUTES.otpVerification, {
            query: {
              challengeId: challenge.challengeId,
              email: challenge.email,
              purpose: 'signup',
              resendAt: challenge.resendAvailableAt,
              redirect,
            },
          }),
        );
      }}
    />
  );
}
