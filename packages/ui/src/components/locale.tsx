import * as React from 'react';

const LocaleContext = React.createContext<string | undefined>(undefined);

/**
 * Sets the BCP 47 locale the design system formats numbers, money, distances and dates in for
 * everything below it. Without a provider, components use the runtime's locale (the browser's).
 * A page rendered on the server and hydrated in the browser needs one: both sides must format
 * alike, or the text differs and hydration fails.
 */
function LocaleProvider({
  locale,
  children,
}: {
  /** e.g. `en-GB`; undefined keeps the runtime's locale. */
  locale: string | undefined;
  children: React.ReactNode;
}) {
  return <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>;
}

/** The locale set by the nearest {@link LocaleProvider}, or undefined (the runtime's). */
function useLocale(): string | undefined {
  return React.useContext(LocaleContext);
}

export { LocaleProvider, useLocale };

const subscribeNever = () => () => {};

/**
 * False while rendering on the server and while hydrating, true after: for output that depends on
 * the browser alone (its time zone), which the server cannot know and hydration must not differ on.
 */
function useIsClient(): boolean {
  return React.useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

export { useIsClient };
