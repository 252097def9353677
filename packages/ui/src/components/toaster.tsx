import type * as React from 'react';
import { toast, Toaster as Sonner, type ToasterProps } from 'sonner';
import { useOptionalTheme } from './theme';

/**
 * The app's toast outlet (sonner). spec §2: toasts show at the top right with rich colours.
 * Types (spec §4): `toast.loading`, `toast.success`, `toast.error`, `toast.warning`, `toast.info`.
 */
function Toaster({
  position = 'top-right',
  richColors = true,
  closeButton = true,
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
