import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { Button } from './button';
import { ThemeProvider, ThemeToggle, themeInitScript, useTheme } from './theme';

const STORAGE_KEY = 'storybook-theme-demo';

function ThemeStatus() {
  const { theme, setTheme } = useTheme();
  return (
    <div className="flex items-center gap-3">
      <ThemeToggle />
      <span data-testid="theme" className="text-sm">
        Theme: {theme}
      </span>
      <Button size="sm" variant="outline" onClick={() => setTheme('light')}>
        Reset to light
      </Button>
    </div>
  );
}

/** Calls useTheme and reports the error it throws (used outside a provider). */
function ThemeProbe({ onError }: { onError: (message: string) => void }) {
  try {
    // biome-ignore lint/correctness/useHookAtTopLevel: the probe exists to catch the hook's throw
    useTheme();
  } catch (error) {
    onError((error as Error).message);
  }
  return null;
}

const meta = {
  title: 'Foundations/Theme',
  component: ThemeProvider,
  args: { storageKey: STORAGE_KEY, defaultTheme: 'light' },
  beforeEach: () => {
    window.localStorage.removeItem(STORAGE_KEY);
    return () => {
      window.localStorage.removeItem(STORAGE_KEY);
      document.documentElement.classList.remove('dark');
    };
  },
  render: (args) => (
    <ThemeProvider {...args}>
      <ThemeStatus />
    </ThemeProvider>
  ),
} satisfies Meta<typeof ThemeProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Toggle: Story = {
  play: async ({ canvas }) => {
    const toggle = canvas.getByRole('button', { name: 'Switch to dark theme' });
    await userEvent.click(toggle);
    await expect(document.documentElement).toHaveClass('dark');
    await expect(window.localStorage.getItem(STORAGE_KEY)).toBe('dark');
    await expect(canvas.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Switch to light theme' }));
    await expect(document.documentElement).not.toHaveClass('dark');
    await expect(window.localStorage.getItem(STORAGE_KEY)).toBe('light');
  },
};

export const UseThemeOutsideProviderThrows: Story = {
  render: () => (
    <p className="text-sm">useTheme() outside ThemeProvider throws (checked in play).</p>
  ),
  play: async () => {
    // Outside a render React's dispatcher is absent; use a throwaway root to render a probe.
    const { createRoot } = await import('react-dom/client');
    const host = document.createElement('div');
    const root = createRoot(host, { onUncaughtError: () => {} });
    let message = '';
    const onError = (m: string) => {
      message = m;
    };
    const { flushSync } = await import('react-dom');
    flushSync(() => root.render(<ThemeProbe onError={onError} />));
    root.unmount();
    await expect(message).toBe('`useTheme` must be used within `ThemeProvider`');
  },
};

export const InitScript: Story = {
  render: () => (
    <pre
      // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable code must be keyboard reachable
      tabIndex={0}
      className="max-w-2xl overflow-x-auto rounded-md bg-surface-muted p-4 text-xs whitespace-pre-wrap"
    >
      {`<script>${themeInitScript}</script>`}
    </pre>
  ),
};
