/**
 * The waitlist domain as other domains see it: the only module they import from waitlist
 * (ARCHITECTURE §1a). Everything else under waitlist/ is private to it.
 */
export { offerExpiryJob } from './jobs/offer-expiry';
export { leaveAll as leaveWaitlists } from './repository';
export { default as waitlistRoutes } from './routes';
export { createWaitlistService, type WaitlistService } from './service';
export { markWaitlistBooked, offerFreedSlots } from './use-cases/offers';
