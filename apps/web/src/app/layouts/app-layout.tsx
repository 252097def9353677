import {
  AppShell,
  type AppShellNavItem,
  Avatar,
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@vetted/ui';
import {
  Bell,
  CalendarCheck,
  ClipboardList,
  Clock,
  FileText,
  FileCheck,
  History,
  House,
  Inbox,
  LayoutDashboard,
  LayoutGrid,
  LogOut,
  MapPin,
  LifeBuoy,
  MessageSquare,
  Repeat,
  Search,
  ShieldCheck,
  Star,
  Store,
  UserRound,
  UsersRound,
  Wallet,
  Wrench,
} from 'lucide-react';
import * as React from 'react';
import { Link, useLocation } from 'wouter';
import { Brand } from '../../components/brand';
import { LogoutDialog } from '../../components/logout-dialog';
import { ThemeToggle } from '../../components/theme-toggle';
import { useConversationUnreadTotal } from '../../features/conversations/state';
import { useMe } from '../../lib/hooks/use-me';
import { useUnreadCount } from '../../features/account/use-notifications';

export type Area = 'user' | 'vendor' | 'admin';

interface NavDef {
  label: string;
  href: string;
  icon: React.ReactNode;
  /** Active only on this exact path (area homes). */
  exact?: boolean;
  /** Shows the unread notifications count. */
  notifications?: boolean;
  /** Shows the unread messages count (direct conversations, or the support desk's chats). */
  messages?: boolean;
}

/*
 * The mobile bottom bar shows the first five items; Notifications and Profile stay one tap away
 * through the bell and the account menu in the top bar.
 */
const NAVS: Record<Area, NavDef[]> = {
  user: [
    { label: 'Home', href: '/user', icon: <House />, exact: true },
    { label: 'Categories', href: '/user/category', icon: <LayoutGrid /> },
    { label: 'Services', href: '/user/services', icon: <Search /> },
    { label: 'Orders', href: '/user/history', icon: <ClipboardList /> },
    { label: 'Messages', href: '/user/messages', icon: <MessageSquare />, messages: true },
    { label: 'Notifications', href: '/user/notification', icon: <Bell />, notifications: true },
    { label: 'Quotes', href: '/user/quotes', icon: <FileText /> },
    { label: 'Plans', href: '/user/plans', icon: <Repeat /> },
    { label: 'Profile', href: '/user/profile', icon: <UserRound /> },
    { label: 'Saved places', href: '/user/location', icon: <MapPin /> },
  ],
  vendor: [
    { label: 'Dashboard', href: '/vendor', icon: <LayoutDashboard />, exact: true },
    { label: 'Orders', href: '/vendor/history', icon: <CalendarCheck /> },
    // Third, in the mobile bar: a lead answered within hours is the one customers choose.
    { label: 'Leads', href: '/vendor/leads', icon: <Inbox /> },
    { label: 'Services', href: '/vendor/services', icon: <Wrench /> },
    { label: 'Messages', href: '/vendor/messages', icon: <MessageSquare />, messages: true },
    { label: 'Reviews', href: '/vendor/reviews', icon: <Star /> },
    { label: 'Earnings', href: '/vendor/earnings', icon: <Wallet /> },
    { label: 'Plans', href: '/vendor/plans', icon: <Repeat /> },
    { label: 'Notifications', href: '/vendor/notification', icon: <Bell />, notifications: true },
    { label: 'Categories', href: '/vendor/category', icon: <LayoutGrid /> },
    { label: 'Opening hours', href: '/vendor/availability', icon: <Clock /> },
    { label: 'Business profile', href: '/vendor/business', icon: <Store /> },
    { label: 'Documents', href: '/vendor/documents', icon: <FileCheck /> },
    { label: 'Profile', href: '/vendor/profile', icon: <UserRound /> },
    { label: 'Saved places', href: '/vendor/location', icon: <MapPin /> },
  ],
  // The mobile bar shows the first five; the audit log is also in the account menu and linked
  // from the overview.
  admin: [
    { label: 'Overview', href: '/admin', icon: <LayoutDashboard />, exact: true },
    { label: 'Vendors', href: '/admin/vendors', icon: <ShieldCheck /> },
    { label: 'Users', href: '/admin/users', icon: <UsersRound /> },
    { label: 'Orders', href: '/admin/orders', icon: <ClipboardList /> },
    { label: 'Support', href: '/admin/support', icon: <LifeBuoy />, messages: true },
    { label: 'Audit log', href: '/admin/audit', icon: <History /> },
  ],
};

function isActive(location: string, item: NavDef) {
  if (item.exact) return location === item.href;
  return location === item.href || location.startsWith(`${item.href}/`);
}

/** User, vendor and admin layouts: the design system's AppShell with the area's navigation. */
export function AppLayout({ area, children }: { area: Area; children: React.ReactNode }) {
  const [location] = useLocation();
  const unread = useUnreadCount(area !== 'admin');
  // Customers and pros: their direct conversations; admins: the support desk's chats.
  const unreadMessages = useConversationUnreadTotal(area === 'admin' ? 'support' : 'direct');
  const { data: me } = useMe();
  const [logoutOpen, setLogoutOpen] = React.useState(false);

  const nav: AppShellNavItem[] = NAVS[area].map((item) => ({
    label: item.label,
    href: item.href,
    icon: item.icon,
    active: isActive(location, item),
    badge: item.notifications ? unread : item.messages ? unreadMessages : undefined,
  }));

  const notificationsHref = area === 'vendor' ? '/vendor/notification' : '/user/notification';
  const profileHref = area === 'vendor' ? '/vendor/profile' : '/user/profile';

  return (
    <AppShell
      brand={<Brand href={`/${area}`} />}
      nav={nav}
      navLabel={area === 'vendor' ? 'Vendor' : area === 'admin' ? 'Admin' : 'Account'}
      actions={
        <>
          {area !== 'admin' ? (
            <Button asChild variant="ghost" size="icon" className="relative">
              <Link
                href={notificationsHref}
                aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
              >
                <Bell aria-hidden="true" />
                {unread ? (
                  <span
                    aria-hidden="true"
                    className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-danger ring-2 ring-surface"
                  />
                ) : null}
              </Link>
            </Button>
          ) : null}
          <ThemeToggle />
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon">
                {/* Named by the hidden text, so the visible initials are not mistaken for a label. */}
                <span className="sr-only">Account menu</span>
                <span aria-hidden="true">
                  <Avatar
                    src={me?.avatarUrl ?? undefined}
                    name={me?.fullName ?? 'Account'}
                    size="sm"
                  />
                </span>
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end" className="w-56">
              <DropdownMenuLabel className="flex flex-col">
                <span className="truncate">{me?.fullName ?? 'Your account'}</span>
                <span className="truncate text-xs font-normal text-muted">{me?.email}</span>
              </DropdownMenuLabel>
              <DropdownMenuSeparator />
              {area !== 'admin' ? (
                <>
                  <DropdownMenuItem asChild>
                    <Link href={profileHref}>
                      <UserRound aria-hidden="true" /> Profile
                    </Link>
                  </DropdownMenuItem>
                  {/* Beyond the mobile bar's five: customers' quotes, pros' reviews. */}
                  {area === 'user' ? (
                    <DropdownMenuItem asChild>
                      <Link href="/user/quotes">
                        <FileText aria-hidden="true" /> Quotes
                      </Link>
                    </DropdownMenuItem>
                  ) : (
                    <DropdownMenuItem asChild>
                      <Link href="/vendor/reviews">
                        <Star aria-hidden="true" /> Reviews
                      </Link>
                    </DropdownMenuItem>
                  )}
                  <DropdownMenuItem asChild>
                    <Link href={`/${area}/location`}>
                      <MapPin aria-hidden="true" /> Saved places
                    </Link>
                  </DropdownMenuItem>
                  <DropdownMenuItem asChild>
                    <Link href={`/${area}/messages/support`}>
                      <MessageSquare aria-hidden="true" /> Support
                    </Link>
                  </DropdownMenuItem>
                  <DropdownMenuSeparator />
                </>
              ) : (
                <>
                  <DropdownMenuItem asChild>
                    <Link href="/admin/audit">
                      <History aria-hidden="true" /> Audit log
                    </Link>
                  </DropdownMenuItem>
                  <DropdownMenuSeparator />
                </>
              )}
              <DropdownMenuItem variant="destructive" onSelect={() => setLogoutOpen(true)}>
                <LogOut aria-hidden="true" /> Log out
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
          <LogoutDialog open={logoutOpen} onOpenChange={setLogoutOpen} />
        </>
      }
    >
      {children}
    </AppShell>
  );
}
