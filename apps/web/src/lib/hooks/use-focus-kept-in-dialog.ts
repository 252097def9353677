import * as React from 'react';

/**
 * Keeps keyboard focus inside a modal dialog while one of its forms is submitting (`pending`).
 *
 * A form that disables its controls while its request runs (the pressed submit button turns
 * `loading`, Cancel and the code fields are disabled) makes the browser drop focus from the
 * disabled button to the page. Radix's focus trap then has nothing left to return to: the next
 * Tab went to its focus guard and to the page behind the modal (e.g. the button that opened it).
 * Here focus moves to the dialog panel instead (Radix gives it tabIndex -1: focusable, not a Tab
 * stop), from where Tab reaches the dialog's Close button and, once the request ends, its
 * controls again. A control that stays enabled (a field where Enter was pressed) keeps focus.
 *
 * @param pending true while the form's request runs (react-hook-form's `isSubmitting`).
 * @param form the form element inside the dialog panel (`[role="dialog"]` or `alertdialog`), or
 *   any element in it that holds the busy control (a dialog of buttons without a form).
 */
export function useFocusKeptInDialog(
  pending: boolean,
  form: React.RefObject<HTMLElement | null>,
): void {
  React.useEffect(() => {
    const panel = form.current?.closest<HTMLElement>('[role="dialog"], [role="alertdialog"]');
    if (!pending || !panel) return;
    const focused = panel.ownerDocument.activeElement;
    if (!focused || focused === panel.ownerDocument.body || focused.matches(':disabled')) {
      panel.focus({ preventScroll: true });
    }
  }, [pending, form]);
}
