import type { Slots } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import * as React from 'react';
import { useRevalidateWaitlist, useWaitlist } from './use-waitlist';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { api } from '../../lib/vetted-api';
import { WaitlistDayAction, WaitlistOffers } from './waitlist-view';

/**
 * The waitlist of one service on its page, for `ServiceDetailView`: `dayEmptyAction`
 * (the slot picker's fully booked days offer "Join the waitlist"; a day the pro does not work
 * offers nothing) and `offers` (times held for this customer, with "Book this time"). Signed-out
 * visitors get "Sign in to join the waitlist", returning here.
 */
export function useServiceWaitlist(
  serviceId: string | null,
  vendorId: string,
  /** The slots on screen: a day whose times have all passed has nothing left to wait for. */
  slots: Slots | undefined,
  now: () => number = Date.now,
) {
  const { role } = useSession();
  const isCustomer = role === 'customer';
  const entries = useWaitlist(isCustomer ? serviceId : null);
  const revalidate = useRevalidateWaitlist();
  const [busyDate, setBusyDate] = React.useState<string | null>(null);

  const run = async (date: string, action: () => Promise<unknown>, done: string) => {
    setBusyDate(date);
    try {
      await action();
      await revalidate();
      toast.success(done);
    } catch (error) {
      toast.error(errorMessage(error));
      void revalidate();
    } finally {
      setBusyDate(null);
    }
  };

  const here =
    typeof window === 'undefined' ? '' : window.location.pathname + window.location.search;
  const signInHref = role === null ? buildLink(ROUTES.login, { query: { redirect: here } }) : null;

  const upcoming = (date: string) =>
    slots?.days
      .find((d) => d.date === date)
      ?.slots.some((slot) => Date.parse(slot.startsAt) > now()) === true;

  const dayEmptyAction = (date: string, hasSlots: boolean) =>
    !serviceId || !hasSlots || !upcoming(date) ? null : (
      <WaitlistDayAction
        date={date}
        entry={entries.data?.find((e) => e.date === date)}
        signInHref={signInHref}
        canJoin={isCustomer}
        busy={busyDate === date}
        onJoin={() =>
          run(
            date,
            () => api.waitlist.join(serviceId, { date }),
            'You’re on the waitlist. We’ll tell you if a time frees up.',
          )
        }
        onLeave={() =>
          run(date, () => api.waitlist.leave(serviceId, { date }), 'You left the waitlist')
        }
      />
    );

  const offers = (
    <WaitlistOffers
      offers={(entries.data ?? []).filter((e) => e.status === 'offered' && e.offer)}
      checkoutHref={(entry) =>
        buildLink(ROUTES.user.vendorServiceCheckout, {
          params: { id: vendorId },
          query: { serviceId: entry.service.id, startsAt: entry.offer?.startsAt ?? '' },
        })
      }
    />
  );

  return { dayEmptyAction, offers };
}
