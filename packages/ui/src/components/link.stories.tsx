import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Breadcrumbs } from './breadcrumbs';
import { type LinkComponentProps, LinkProvider } from './link';

/** Stands in for a router link (e.g. wouter's `Link`). */
function RouterLink({ href, children, ...props }: LinkComponentProps) {
  return (
    <a href={href} data-router-link="" {...props} onClick={(e) => e.preventDefault()}>
      {children}
    </a>
  );
}

const meta = {
  title: 'Foundations/LinkProvider',
  component: LinkProvider,
  args: { component: RouterLink },
  render: (args) => (
    <LinkProvider {...args}>
      <Breadcrumbs items={[{ label: 'Home', href: '/' }, { label: 'Orders' }]} />
    </LinkProvider>
  ),
} satisfies Meta<typeof LinkProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PlugsInRouterLink: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Home' })).toHaveAttribute('data-router-link');
  },
};
