import { ROUTES } from '@vetted/session';

/*
 * Page titles: the one table the client router (`document.title` on every
 * navigation, app/routes.tsx) and the build-time prerender (each prerendered page's `<title>`, see
 * page-head.ts) read. The spec names no page titles; the home title is the one index.html
 * always had.
 */

/** Title of the home page, and of paths without an entry. */
export const DEFAULT_TITLE = 'Vetted — book vetted local pros';

/** Title of the 404 screen (an unknown path). */
export const NOT_FOUND_TITLE = 'Page not found — Vetted';

const title = (name: string) => `${name} — Vetted`;

/**
 * `<title>` of a page named after what it shows: a pro ("Demo Plumbing Co. — Vetted"), a
 * service, an order reference.
 */
export const namedPageTitle = title;

const u = ROUTES.user;
const v = ROUTES.vendor;

/** `<title>` of each route pattern of `ROUTE_TABLE` (app/routes.tsx). */
export const PAGE_TITLES: Readonly<Record<string, string>> = {
  [ROUTES.home]: DEFAULT_TITLE,
  [ROUTES.about]: title('About'),
  [ROUTES.services]: title('Services'),
  [ROUTES.support]: title('Support'),
  [ROUTES.privacy]: title('Privacy policy'),
  [ROUTES.refund]: title('Refund policy'),
  [ROUTES.userAgreement]: title('User agreement'),
  [ROUTES.login]: title('Log in'),
  [ROUTES.signup]: title('Sign up'),
  [ROUTES.otpVerification]: title('Verify your email'),
  [ROUTES.forgotPassword]: title('Reset your password'),
  [ROUTES.search]: title('Find a pro'),
  // Until the page's data names it (usePageTitle): the server-rendered page has its own.
  [ROUTES.pro]: title('Pro'),
  [ROUTES.servicePage]: title('Local pros'),
  [ROUTES.servicePlacePage]: title('Local pros'),

  [u.home]: title('Home'),
  [u.category]: title('Categories'),
  [u.services]: title('Services'),
  [u.vendor]: title('Pro'),
  [u.vendorService]: title('Service'),
  [u.vendorServiceGallery]: title('Gallery'),
  [u.vendorServiceCheckout]: title('Checkout'),
  [u.history]: title('Order history'),
  [u.historyOrder]: title('Order'),
  [u.notification]: title('Notifications'),
  [u.messages]: title('Messages'),
  [u.messagesSupport]: title('Support'),
  [u.messagesSupportChats]: title('Support chats'),
  [u.profile]: title('Profile'),
  [u.location]: title('Saved places'),
  [u.plans]: title('Plans'),
  [u.plan]: title('Plan'),
  [u.quotes]: title('Quotes'),
  [u.quoteRequest]: title('Get quotes'),
  // Until the page's data names it (usePageTitle).
  [u.quote]: title('Quote request'),

  [v.home]: title('Dashboard'),
  [v.history]: title('Order history'),
  [v.historyOrder]: title('Order'),
  [v.reviews]: title('Reviews'),
  [v.notification]: title('Notifications'),
  [v.messages]: title('Messages'),
  [v.messagesSupport]: title('Support'),
  [v.messagesSupportChats]: title('Support chats'),
  [v.profile]: title('Profile'),
  [v.location]: title('Saved places'),
  [v.category]: title('Categories'),
  [v.services]: title('Services'),
  [v.serviceDetail]: title('Service'),
  [v.availability]: title('Opening hours'),
  [v.business]: title('Business profile'),
  [v.documents]: title('Documents'),
  [v.earnings]: title('Earnings'),
  [v.plans]: title('Plans'),
  [v.plan]: title('Plan'),
  [v.leads]: title('Leads'),
  [v.lead]: title('Lead'),

  [ROUTES.admin.home]: title('Admin'),
  [ROUTES.admin.support]: title('Support desk'),
  [ROUTES.admin.vendors]: title('Vendors'),
  [ROUTES.admin.vendorDetail]: title('Vendor'),
  [ROUTES.admin.users]: title('Users'),
  [ROUTES.admin.userDetail]: title('User'),
  [ROUTES.admin.orders]: title('Orders'),
  [ROUTES.admin.orderDetail]: title('Order'),
  [ROUTES.admin.audit]: title('Audit log'),
};

/** The title of route pattern `path` (e.g. `/user/services/vendor/:id`); the home's when unknown. */
export function pageTitle(path: string): string {
  return PAGE_TITLES[path] ?? DEFAULT_TITLE;
}
