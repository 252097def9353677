import type * as React from 'react';
import { toast, Toaster as Sonner, type ToasterProps } from 'sonner';
import { useOptionalTheme } from './theme';

/**
 * Where toasts sit from the viewport's edges: below the sticky app header (`h-16`, 4rem, in
 * AppShell and the site header) plus a gap, so a toast never covers the header's controls
 * (account menu, notifications, theme); sonner's own edge gaps elsewhere.
 */
const TOAST_OFFSET = { top: 'calc(4rem + 0.75rem)', right: '1.5rem' } as const;
/** The same on narrow screens (sonner's mobile layout, under 600 px: full width, 1 rem gaps). */
const TOAST_MOBILE_OFFSET = { top: 'calc(4rem + 0.5rem)', right: '1rem', left: '1rem' } as const;

/**
 * The app's toast outlet (sonner). spec §2: toasts show at the top right with rich colours,
 * below the header (see `TOAST_OFFSET`).
 * Types (spec §4): `toast.loading`, `toast.success`, `toast.error`, `toast.warning`, `toast.info`.
 */
function Toaster({
  position = 'top-right',
  richColors = true,
  closeButton = true,
  offset = TOAST_OFFSET,
  mobileOffset = TOAST_MOBILE_OFFSET,
  theme,
  ...props
}: ToasterProps) {
  const ctx = useOptionalTheme();
  return (
    <Sonner
      data-slot="toaster"
      position={position}
      richColors={richColors}
      closeButton={closeButton}
      offset={offset}
      mobileOffset={mobileOffset}
      theme={theme ?? ctx?.theme ?? 'light'}
      toastOptions={{ className: 'font-sans' }}
      style={
        {
          '--border-radius': 'var(--radius-md)',
        } as React.CSSProperties
      }
      {...props}
    />
  );
}

export { Toaster, toast };
export type { ToasterProps };
