/**
 * Use cases of the calendar domain behind its routes (ARCHITECTURE §1a): an order's `.ics`, the
 * pro's feed and its URL. The invites other domains attach to mails are `use-cases/invite.ts`.
 */
import type { AuthUser } from '../../platform/types';
import type { ServiceDeps } from '../deps';
import { feedFile, feedUrlOf, orderCalendarFile, rotateFeed } from './use-cases/files';

/** The calendar service: each method is one use case of `use-cases/files.ts`. */
export function createCalendarService(deps: ServiceDeps) {
  return {
    /** One order's event for its customer or pro (404 for anyone else). */
    orderCalendar: (user: AuthUser, orderId: string) => orderCalendarFile(deps, user, orderId),
    /** The pro's feed URL, created on the first call (403 for non-pros). */
    feedUrl: (user: AuthUser) => feedUrlOf(deps, user),
    /** A new feed URL; the old one is 404 at once (403 for non-pros). */
    rotateFeed: (user: AuthUser) => rotateFeed(deps, user),
    /** The feed of a token (404 for an unknown or rotated one). */
    feed: (token: string) => feedFile(deps, token),
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
