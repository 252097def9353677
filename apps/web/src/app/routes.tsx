import { ROUTES, resolveAccess } from '@vetted/session';
import { ErrorScreen } from '@vetted/ui/error-screen';
import * as React from 'react';
import { matchRoute, Redirect, Route, Switch, useLocation, useRouter } from 'wouter';
import { ErrorBoundary } from '../components/error-boundary';
import { PageSkeleton } from '../components/page-skeleton';
import { DummyLayout } from './layouts/dummy-layout';
import { PublicLayout } from './layouts/public-layout';
import { NOT_FOUND_TITLE, pageTitle } from '../lib/page-meta';
import { useSession } from '../lib/session';
import { HomePage } from '../features/storefront/home';

/*
 * Code splitting: the public home and the public layout are in the entry chunk; every other
 * page, the auth layout and the signed-in layout (AppShell + account menu) are lazily loaded
 * chunks, so `/` loads only what it paints. A lazy layout or page that is server-rendered
 * (prerendered `/login`, `/about`…) sits inside a Suspense boundary: while its chunk loads,
 * hydration keeps the server's HTML in place and hydrates it once the chunk has arrived, so
 * there is no mismatch and no flash of the fallback.
 */
const AppLayout = React.lazy(() =>
  import('./layouts/app-layout').then((m) => ({ default: m.AppLayout })),
);
const AuthLayout = React.lazy(() =>
  import('./layouts/auth-layout').then((m) => ({ default: m.AuthLayout })),
);

function page<M>(load: () => Promise<M>, name: keyof M) {
  return React.lazy(() =>
    load().then((m) => ({ default: m[name] as unknown as React.ComponentType })),
  );
}

const content = () => import('../features/storefront/content-pages');
const About = page(content, 'AboutPage');
const Privacy = page(content, 'PrivacyPage');
const Refund = page(content, 'RefundPage');
const UserAgreement = page(content, 'UserAgreementPage');
const PublicServices = page(() => import('../features/storefront/services'), 'PublicServicesPage');
const Support = page(() => import('../features/storefront/support'), 'SupportPage');
const Search = page(() => import('../features/search/search'), 'SearchPage');
const Pro = page(() => import('../features/storefront/pro-page'), 'ProPage');
const ServiceLanding = page(
  () => import('../features/storefront/service-page'),
  'ServiceLandingPage',
);

const Login = page(() => import('../features/auth/login'), 'LoginPage');
const Signup = page(() => import('../features/auth/signup'), 'SignupPage');
const Otp = page(() => import('../features/auth/otp'), 'OtpPage');
const ForgotPassword = page(() => import('../features/auth/forgot-password'), 'ForgotPasswordPage');

const UserHome = page(() => import('../features/services/customer-home'), 'UserHomePage');
const UserCategories = page(() => import('../features/services/categories'), 'UserCategoriesPage');
const UserServices = page(() => import('../features/services/services'), 'UserServicesPage');
const UserVendor = page(() => import('../features/services/vendor'), 'UserVendorPage');
const ServiceDetail = page(
  () => import('../features/services/service-detail'),
  'ServiceDetailPage',
);
const ServiceGallery = page(() => import('../features/services/gallery'), 'ServiceGalleryPage');
const Checkout = page(() => import('../features/checkout/checkout'), 'CheckoutPage');
const UserHistory = page(() => import('../features/orders/customer-history'), 'UserHistoryPage');
const UserOrder = page(() => import('../features/orders/customer-order'), 'UserOrderPage');
const plans = () => import('../features/plans/plans-pages');
const UserPlans = page(plans, 'UserPlansPage');
const UserPlan = page(plans, 'UserPlanPage');
const VendorPlans = page(plans, 'VendorPlansPage');
const VendorPlan = page(plans, 'VendorPlanPage');
const quotes = () => import('../features/quotes/quotes-pages');
const UserQuotes = page(quotes, 'UserQuotesPage');
const UserQuoteRequest = page(quotes, 'UserQuoteRequestPage');
const UserQuote = page(quotes, 'UserQuotePage');
const leads = () => import('../features/quotes/vendor-leads-pages');
const VendorLeads = page(leads, 'VendorLeadsPage');
const VendorLead = page(leads, 'VendorLeadPage');

const shared = {
  notifications: page(() => import('../features/account/notifications'), 'NotificationsPage'),
  messages: page(() => import('../features/conversations/messages'), 'MessagesPage'),
  support: page(() => import('../features/conversations/messages'), 'SupportMessagesPage'),
  chats: page(() => import('../features/conversations/messages'), 'SupportChatsPage'),
  profile: page(() => import('../features/account/profile'), 'ProfilePage'),
  location: page(() => import('../features/account/location'), 'LocationPage'),
};

const VendorHome = page(() => import('../features/vendor-area/dashboard'), 'VendorDashboardPage');
const VendorHistory = page(() => import('../features/orders/vendor-history'), 'VendorHistoryPage');
const VendorOrder = page(() => import('../features/orders/vendor-order'), 'VendorOrderPage');
const VendorReviews = page(() => import('../features/reviews/vendor-reviews'), 'VendorReviewsPage');
const VendorCategories = page(
  () => import('../features/vendor-area/catalogue'),
  'VendorCategoriesPage',
);
const VendorServices = page(
  () => import('../features/vendor-area/catalogue'),
  'VendorServicesPage',
);
const VendorService = page(() => import('../features/vendor-area/catalogue'), 'VendorServicePage');
const VendorAvailability = page(
  () => import('../features/vendor-area/availability'),
  'VendorAvailabilityPage',
);
const VendorBusiness = page(() => import('../features/vendor-area/business'), 'VendorBusinessPage');
const VendorDocuments = page(
  () => import('../features/vendor-area/documents'),
  'VendorDocumentsPage',
);
const VendorEarnings = page(() => import('../features/vendor-area/earnings'), 'VendorEarningsPage');

const AdminHome = page(() => import('../features/admin/home'), 'AdminHomePage');
const AdminSupport = page(() => import('../features/admin/support'), 'AdminSupportPage');
const AdminVendors = page(() => import('../features/admin/vendors'), 'AdminVendorsPage');
const AdminVendor = page(() => import('../features/admin/vendor-detail'), 'AdminVendorDetailPage');
const AdminUsers = page(() => import('../features/admin/users'), 'AdminUsersPage');
const AdminUser = page(() => import('../features/admin/user-detail'), 'AdminUserDetailPage');
const AdminOrders = page(() => import('../features/admin/orders'), 'AdminOrdersPage');
const AdminOrder = page(() => import('../features/admin/order-detail'), 'AdminOrderDetailPage');
const AdminAudit = page(() => import('../features/admin/audit'), 'AdminAuditPage');

type LayoutName = 'public' | 'auth' | 'user' | 'vendor' | 'admin';

interface RouteDef {
  path: string;
  component: React.ComponentType;
  layout: LayoutName;
}

const u = ROUTES.user;
const v = ROUTES.vendor;

/** Every route of spec §2 with its layout (plus the vendor catalogue pages and /admin). */
export const ROUTE_TABLE: RouteDef[] = [
  { path: ROUTES.home, component: HomePage, layout: 'public' },
  { path: ROUTES.about, component: About, layout: 'public' },
  { path: ROUTES.services, component: PublicServices, layout: 'public' },
  { path: ROUTES.support, component: Support, layout: 'public' },
  { path: ROUTES.privacy, component: Privacy, layout: 'public' },
  { path: ROUTES.refund, component: Refund, layout: 'public' },
  { path: ROUTES.userAgreement, component: UserAgreement, layout: 'public' },
  { path: ROUTES.search, component: Search, layout: 'public' },
  { path: ROUTES.pro, component: Pro, layout: 'public' },
  { path: ROUTES.servicePage, component: ServiceLanding, layout: 'public' },
  { path: ROUTES.servicePlacePage, component: ServiceLanding, layout: 'public' },
  { path: ROUTES.login, component: Login, layout: 'auth' },
  { path: ROUTES.signup, component: Signup, layout: 'auth' },
  { path: ROUTES.otpVerification, component: Otp, layout: 'auth' },
  { path: ROUTES.forgotPassword, component: ForgotPassword, layout: 'auth' },

  { path: u.home, component: UserHome, layout: 'user' },
  { path: u.category, component: UserCategories, layout: 'user' },
  { path: u.services, component: UserServices, layout: 'user' },
  { path: u.vendor, component: UserVendor, layout: 'user' },
  { path: u.vendorService, component: ServiceDetail, layout: 'user' },
  { path: u.vendorServiceGallery, component: ServiceGallery, layout: 'user' },
  { path: u.vendorServiceCheckout, component: Checkout, layout: 'user' },
  { path: u.history, component: UserHistory, layout: 'user' },
  { path: u.historyOrder, component: UserOrder, layout: 'user' },
  { path: u.notification, component: shared.notifications, layout: 'user' },
  { path: u.messages, component: shared.messages, layout: 'user' },
  { path: u.messagesSupport, component: shared.support, layout: 'user' },
  { path: u.messagesSupportChats, component: shared.chats, layout: 'user' },
  { path: u.profile, component: shared.profile, layout: 'user' },
  { path: u.location, component: shared.location, layout: 'user' },
  { path: u.plans, component: UserPlans, layout: 'user' },
  { path: u.plan, component: UserPlan, layout: 'user' },
  { path: u.quotes, component: UserQuotes, layout: 'user' },
  // Before `u.quote`: the first matching route wins, and `new` would match `:id`.
  { path: u.quoteRequest, component: UserQuoteRequest, layout: 'user' },
  { path: u.quote, component: UserQuote, layout: 'user' },

  { path: v.home, component: VendorHome, layout: 'vendor' },
  { path: v.history, component: VendorHistory, layout: 'vendor' },
  { path: v.historyOrder, component: VendorOrder, layout: 'vendor' },
  { path: v.reviews, component: VendorReviews, layout: 'vendor' },
  { path: v.notification, component: shared.notifications, layout: 'vendor' },
  { path: v.messages, component: shared.messages, layout: 'vendor' },
  { path: v.messagesSupport, component: shared.support, layout: 'vendor' },
  { path: v.messagesSupportChats, component: shared.chats, layout: 'vendor' },
  { path: v.profile, component: shared.profile, layout: 'vendor' },
  { path: v.location, component: shared.location, layout: 'vendor' },
  { path: v.category, component: VendorCategories, layout: 'vendor' },
  { path: v.services, component: VendorServices, layout: 'vendor' },
  { path: v.serviceDetail, component: VendorService, layout: 'vendor' },
  { path: v.availability, component: VendorAvailability, layout: 'vendor' },
  { path: v.business, component: VendorBusiness, layout: 'vendor' },
  { path: v.documents, component: VendorDocuments, layout: 'vendor' },
  { path: v.earnings, component: VendorEarnings, layout: 'vendor' },
  { path: v.plans, component: VendorPlans, layout: 'vendor' },
  { path: v.plan, component: VendorPlan, layout: 'vendor' },
  { path: v.leads, component: VendorLeads, layout: 'vendor' },
  { path: v.lead, component: VendorLead, layout: 'vendor' },

  { path: ROUTES.admin.home, component: AdminHome, layout: 'admin' },
  { path: ROUTES.admin.support, component: AdminSupport, layout: 'admin' },
  { path: ROUTES.admin.vendors, component: AdminVendors, layout: 'admin' },
  { path: ROUTES.admin.vendorDetail, component: AdminVendor, layout: 'admin' },
  { path: ROUTES.admin.users, component: AdminUsers, layout: 'admin' },
  { path: ROUTES.admin.userDetail, component: AdminUser, layout: 'admin' },
  { path: ROUTES.admin.orders, component: AdminOrders, layout: 'admin' },
  { path: ROUTES.admin.orderDetail, component: AdminOrder, layout: 'admin' },
  { path: ROUTES.admin.audit, component: AdminAudit, layout: 'admin' },
];

function Layout({ name, children }: { name: LayoutName; children: React.ReactNode }) {
  switch (name) {
    case 'public':
      return <PublicLayout>{children}</PublicLayout>;
    case 'auth':
      return (
        <React.Suspense fallback={<PageSkeleton />}>
          <AuthLayout>{children}</AuthLayout>
        </React.Suspense>
      );
    default:
      return (
        <React.Suspense fallback={<PageSkeleton />}>
          <AppLayout area={name}>{children}</AppLayout>
        </React.Suspense>
      );
  }
}

/** After a client-side navigation: scroll to top and move focus to the page's first heading. */
function useRouteFocus(location: string) {
  const first = React.useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose on every location change
  React.useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    let ticks = 0;
    // Focus at navigation time (usually the link just followed) does not count as a choice.
    const initial = document.activeElement;
    // Lazy pages render after their chunk arrives and a closing menu may still hold focus, so
    // keep the heading focused for ~1 s unless the person has moved focus somewhere themselves.
    const id = window.setInterval(() => {
      ticks += 1;
      const active = document.activeElement;
      const userMoved =
        active && active !== initial && active !== document.body && active.tagName !== 'H1';
      const dialogOpen = document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
      const heading = document.querySelector<HTMLElement>('main h1');
      if (heading && !dialogOpen && !userMoved && active !== heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
      if (ticks >= 20 || (userMoved && !dialogOpen)) window.clearInterval(id);
    }, 50);
    return () => window.clearInterval(id);
  }, [location]);
}

/**
 * Keeps `document.title` on the page shown (`title`; null leaves it, e.g. while redirecting):
 * after every client-side navigation, and on the first render of a page served as the plain
 * shell (whose `<title>` is the home's). A prerendered page already has its own.
 */
function useDocumentTitle(title: string | null) {
  // A layout effect: before the page's own `usePageTitle` (a passive effect) in the same commit.
  React.useLayoutEffect(() => {
    if (title !== null && document.title !== title) document.title = title;
  }, [title]);
}

/**
 * The router: applies the spec §2 access rules (`resolveAccess`) on every navigation, picks the
 * layout of the matched route, and shows the 404 error screen (dummy layout) for unknown paths.
 */
export function AppRoutes() {
  const [location, navigate] = useLocation();
  const router = useRouter();
  const { role } = useSession();
  useRouteFocus(location);

  const decision = resolveAccess(location, role);
  const match = ROUTE_TABLE.find((r) => matchRoute(router.parser, r.path, location)[0]);
  useDocumentTitle(
    decision.type === 'redirect' ? null : match ? pageTitle(match.path) : NOT_FOUND_TITLE,
  );

  if (decision.type === 'redirect') {
    return <Redirect to={decision.to} replace={decision.replace ?? true} />;
  }
  if (!match) {
    return (
      <DummyLayout>
        <ErrorScreen code={404} onHome={() => navigate('/')} />
      </DummyLayout>
    );
  }

  return (
    <Layout name={match.layout}>
      <ErrorBoundary resetKey={location}>
        <React.Suspense fallback={<PageSkeleton />}>
          <Switch>
            {ROUTE_TABLE.filter((r) => r.layout === match.layout).map((r) => (
              <Route key={r.path} path={r.path} component={r.component} />
            ))}
          </Switch>
        </React.Suspense>
      </ErrorBoundary>
    </Layout>
  );
}
