import * as React from 'react';

/**
 * While `dirty`, asks the browser to confirm leaving the page (reload, close, typing another
 * address): the pro's editors hold a form a person may have spent minutes on. In-app links
 * are not intercepted (wouter has no navigation blocker); the editors say "Unsaved changes"
 * beside their Save button instead.
 */
export function useUnsavedChangesWarning(dirty: boolean) {
  React.useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
