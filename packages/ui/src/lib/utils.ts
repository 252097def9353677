import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names (clsx syntax) and resolves Tailwind conflicts so the last one wins
 * (`cn('px-2', 'px-4')` → `'px-4'`).
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/** Initials for an avatar fallback: first letter of the first and last words, upper-cased. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/**
 * `onFocus` handler of a scrolling panel (dialog, sheet): scrolls the keyboard-focused element
 * fully into the panel's view. Radix's focus trap moves focus with `preventScroll` when Tab wraps
 * around, which left the focused footer button of a long dialog out of sight (WCAG 2.4.11). Runs a frame later, after any scrolling the browser does itself.
 */
export function keepFocusInView(event: { currentTarget: Element; target: Element }): void {
  const panel = event.currentTarget;
  const target = event.target;
  requestAnimationFrame(() => {
    if (document.activeElement !== target || !target.matches(':focus-visible')) return;
    const box = panel.getBoundingClientRect();
    const rect = target.getBoundingClientRect();
    if (rect.top < box.top || rect.bottom > box.bottom) target.scrollIntoView({ block: 'nearest' });
  });
}
