import type { ToasterProps } from '@vetted/ui/toaster';
import * as React from 'react';

/*
 * Toasts without sonner in the first load ("lean first load"): the design system's
 * `toast` and `<Toaster>` (@vetted/ui/toaster, sonner underneath, ~8 KB br) are imported the
 * first time a toast is shown. Web code imports `toast` from here, never from @vetted/ui.
 */

type ToasterModule = typeof import('@vetted/ui/toaster');
type SonnerToast = ToasterModule['toast'];

let loading: Promise<ToasterModule> | null = null;
let requested = false;
const listeners = new Set<() => void>();

/** Loads @vetted/ui/toaster once and tells {@link LazyToaster} to mount its outlet. */
function load(): Promise<ToasterModule> {
  if (!loading) {
    loading = import('@vetted/ui/toaster');
    // A failed chunk load must not leave every later toast rejected: try again next time.
    loading.catch(() => {
      loading = null;
    });
  }
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  return loading;
}

function show<K extends 'success' | 'error' | 'info' | 'warning'>(
  kind: K,
  args: Parameters<SonnerToast[K]>,
): void {
  load().then(
    (m) => {
      // sonner replays toasts created before its <Toaster> subscribed, so no need to wait for it.
      (m.toast[kind] as (...a: Parameters<SonnerToast[K]>) => unknown)(...args);
    },
    (error: unknown) => console.error('Could not load the toast outlet', error),
  );
}

/**
 * The app's toasts, with sonner's signatures (`toast.error(message, { description, id, … })`,
 * spec §4 types). Calls return nothing: the toast shows once @vetted/ui/toaster has loaded (the
 * first call loads it; later calls show at once).
 */
export const toast = {
  success: (...args: Parameters<SonnerToast['success']>) => show('success', args),
  error: (...args: Parameters<SonnerToast['error']>) => show('error', args),
  info: (...args: Parameters<SonnerToast['info']>) => show('info', args),
  warning: (...args: Parameters<SonnerToast['warning']>) => show('warning', args),
};

const Toaster = React.lazy(() => load().then((m) => ({ default: m.Toaster })));

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The toast outlet: renders nothing (and loads nothing) until the first {@link toast} call, then
 * the design system's `<Toaster>` — inside the app's providers, so it follows the theme. Nothing
 * on the server or while hydrating.
 */
export function LazyToaster(props: ToasterProps) {
  const wanted = React.useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  if (!wanted) return null;
  return (
    <React.Suspense fallback={null}>
      <Toaster {...props} />
    </React.Suspense>
  );
}
