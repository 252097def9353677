import { Moon, Sun } from 'lucide-react';
import * as React from 'react';
import { IconButton, type IconButtonProps } from './button';

/** spec §4: colour theme is light or dark. */
type Theme = 'light' | 'dark';

/** spec §4 / §9: the theme is saved under the local-storage key `theme`, default light. */
const THEME_STORAGE_KEY = 'theme';
const DEFAULT_THEME: Theme = 'light';

interface ThemeContextValue {
  /** The theme in effect. */
  theme: Theme;
  /** Sets and persists the theme. */
  setTheme: (theme: Theme) => void;
  /** Switches light ↔ dark and persists the result. */
  toggleTheme: () => void;
}

const ThemeContext = React.createContext<ThemeContextValue | null>(null);

function readStoredTheme(storageKey: string): Theme | null {
  try {
    const stored = window.localStorage.getItem(storageKey);
    return stored === 'light' || stored === 'dark' ? stored : null;
  } catch {
    // Private mode or storage disabled.
    return null;
  }
}

function applyTheme(theme: Theme) {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

interface ThemeProviderProps {
  /**
   * Theme used when nothing is stored yet.
   * @defaultValue 'light'
   */
  defaultTheme?: Theme;
  /**
   * localStorage key the choice is saved under (spec §4).
   * @defaultValue 'theme'
   */
  storageKey?: string;
  children?: React.ReactNode;
}

/**
 * Holds the light/dark theme, persists it to localStorage and sets the `dark` class on `<html>`.
 * Put {@link themeInitScript} in the page `<head>` to avoid a flash of the wrong theme.
 */
function ThemeProvider({
  defaultTheme = DEFAULT_THEME,
  storageKey = THEME_STORAGE_KEY,
  children,
}: ThemeProviderProps) {
  const [theme, setThemeState] = React.useState<Theme>(() =>
    typeof window === 'undefined' ? defaultTheme : (readStoredTheme(storageKey) ?? defaultTheme),
  );

  React.useEffect(() => {
    applyTheme(theme);
  }, [theme]);

  // Follow changes made in other tabs.
  React.useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== storageKey) return;
      if (event.newValue === 'light' || event.newValue === 'dark') setThemeState(event.newValue);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [storageKey]);

  const value = React.useMemo<ThemeContextValue>(() => {
    const setTheme = (next: Theme) => {
      setThemeState(next);
      try {
        window.localStorage.setItem(storageKey, next);
      } catch {
        // Storage unavailable: the theme still applies for this page view.
      }
    };
    return { theme, setTheme, toggleTheme: () => setTheme(theme === 'dark' ? 'light' : 'dark') };
  }, [theme, storageKey]);

  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

/** The current theme and setters. Throws outside a {@link ThemeProvider}. */
function useTheme(): ThemeContextValue {
  const ctx = React.useContext(ThemeContext);
  if (!ctx) throw new Error('`useTheme` must be used within `ThemeProvider`');
  return ctx;
}

/** Like {@link useTheme} but returns null outside a provider (for components that work either way). */
function useOptionalTheme(): ThemeContextValue | null {
  return React.useContext(ThemeContext);
}

/**
 * Inline script for `<head>` (before CSS paints): applies the stored theme (key `theme`,
 * default light, spec §4) by setting the `dark` class on `<html>`, so there is no flash.
 */
const themeInitScript = `(function(){try{var t=localStorage.getItem('${THEME_STORAGE_KEY}');var d=t==='dark';document.documentElement.classList.toggle('dark',d);document.documentElement.style.colorScheme=d?'dark':'light';}catch(e){}})();`;

type ThemeToggleProps = Omit<IconButtonProps, 'label' | 'onClick' | 'children'>;

/** An icon button switching between light and dark; labelled with the theme it switches to. */
function ThemeToggle(props: ThemeToggleProps) {
  const { theme, toggleTheme } = useTheme();
  const toDark = theme === 'light';
  return (
    <IconButton
      data-slot="theme-toggle"
      label={toDark ? 'Switch to dark theme' : 'Switch to light theme'}
      onClick={toggleTheme}
      {...props}
    >
      {toDark ? <Moon aria-hidden="true" /> : <Sun aria-hidden="true" />}
    </IconButton>
  );
}

export {
  DEFAULT_THEME,
  THEME_STORAGE_KEY,
  ThemeProvider,
  ThemeToggle,
  themeInitScript,
  useOptionalTheme,
  useTheme,
};
export type { Theme, ThemeContextValue, ThemeProviderProps, ThemeToggleProps };
