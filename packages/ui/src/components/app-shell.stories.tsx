import type { Meta, StoryObj } from '@storybook/react-vite';
import { Bell, Home, MessageSquare, ShoppingBag, User } from 'lucide-react';
import { expect, userEvent } from 'storybook/test';
import { AppShell, Container, PageHeader } from './app-shell';
import { Button } from './button';
import { StatCard } from './stat-card';
import { ThemeProvider, ThemeToggle } from './theme';

const nav = [
  { label: 'Home', href: '/', icon: <Home />, active: true },
  { label: 'Orders', href: '/orders', icon: <ShoppingBag /> },
  { label: 'Messages', href: '/messages', icon: <MessageSquare />, badge: 3 },
  { label: 'Notifications', href: '/notifications', icon: <Bell />, badge: 12 },
  { label: 'Profile', href: '/profile', icon: <User /> },
];

const meta = {
  title: 'Patterns/AppShell',
  component: AppShell,
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 640 } } },
  args: {
    brand: <span className="text-lg text-link">Vetted</span>,
    nav,
    actions: (
      <ThemeProvider storageKey="storybook-theme">
        <ThemeToggle />
      </ThemeProvider>
    ),
    children: (
      <Container>
        <PageHeader
          title="Good morning, Aoife"
          description="You have 2 upcoming bookings."
          actions={<Button>Book a service</Button>}
        />
        <div className="mt-6 grid gap-4 sm:grid-cols-3">
          <StatCard label="Upcoming" value="2" />
          <StatCard label="Completed" value="14" hint="Since January" />
          <StatCard label="Saved vendors" value="5" />
        </div>
      </Container>
    ),
  },
} satisfies Meta<typeof AppShell>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {
  play: async ({ canvas }) => {
    await userEvent.tab();
    const skip = canvas.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toHaveFocus();
    await expect(canvas.getByRole('main')).toHaveAttribute('id', 'main');
    const current = canvas.getAllByRole('link', { name: 'Home' });
    await expect(current[0]).toHaveAttribute('aria-current', 'page');
  },
};
/** Resize the preview (toolbar → viewport) below 768px to see the bottom bar. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
export const Dark: Story = { globals: { theme: 'dark' } };

export const PageHeaderOnly: Story = {
  render: () => (
    <Container>
      <PageHeader
        title="Orders"
        description="Everything you have booked."
        actions={
          <>
            <Button variant="outline">Export</Button>
            <Button>Book again</Button>
          </>
        }
      />
    </Container>
  ),
};
export const PageHeaderTitleOnly: Story = {
  render: () => (
    <Container size="sm">
      <PageHeader title="Profile" />
    </Container>
  ),
};
