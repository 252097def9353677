import { ThemeToggle as DesignSystemThemeToggle, type ThemeToggleProps } from '@vetted/ui/theme';
import { useHydrated } from '../lib/hydration';

/**
 * The design system's light/dark toggle, for layouts rendered by the server (public, auth, and
 * the signed-in layout of `/user/services`). The server cannot know the stored theme
 * (localStorage), so it renders an empty box of the button's size (`size-10`, the icon button)
 * in its place; the real toggle, labelled and iconed for the stored theme, replaces it right
 * after hydration — no mismatch in dark theme, no layout shift. Without JavaScript the toggle
 * could not work anyway.
 */
export function ThemeToggle(props: ThemeToggleProps) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return <span aria-hidden="true" className="inline-block size-10 shrink-0" />;
  }
  return <DesignSystemThemeToggle {...props} />;
}
