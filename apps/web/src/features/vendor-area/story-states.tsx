import type { Decorator, StoryContext } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { loadError } from '../../fixtures';

/*
 * Story helpers shared by the vendor screens: the two states every data screen has before its
 * data (the skeleton and the load error) and the phone-width frame.
 */

type Canvas = StoryContext['canvas'];

/**
 * The "Loading" story: `args` (e.g. the data unset) with `isLoading: true`; passes when the
 * skeleton is visible as a status named `label` ("Loading earnings").
 */
export function loadingStory<A extends object>(label: string, args?: A) {
  return {
    args: { ...args, isLoading: true },
    play: async ({ canvas }: { canvas: Canvas }) => {
      await expect(canvas.getByRole('status', { name: label })).toBeVisible();
    },
  };
}

/**
 * The "Error" story: `args` (e.g. the data unset) with the fixtures' `loadError`; passes when
 * the alert says `title` (the spec §8 words, e.g. "Error loading data") and "Try again" calls
 * `onRetry` once.
 */
export function errorStory<A extends object>(title: string, args?: A) {
  return {
    name: 'Error',
    args: { ...args, error: loadError },
    play: async ({ canvas, args }: { canvas: Canvas; args: { onRetry?: unknown } }) => {
      await expect(canvas.getByRole('alert')).toHaveTextContent(title);
      await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
      await expect(args.onRetry).toHaveBeenCalledOnce();
    },
  };
}

/** Frames a story at most 375 px wide, as on a phone. */
const phoneFrame: Decorator = (Story) => <div className="max-w-[375px]">{Story()}</div>;

/**
 * Spread into a story to show it on a phone: the test-runner's viewport 375 px wide (visual
 * baselines are taken at it) and the story framed at most 375 px wide.
 */
export const at375px = {
  parameters: { testViewport: { width: 375 } },
  decorators: [phoneFrame],
};
