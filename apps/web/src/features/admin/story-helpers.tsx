import type { Decorator } from '@storybook/react-vite';
import * as React from 'react';
import { expect, within } from 'storybook/test';
import { loadError } from '../../fixtures';

/*
 * What the admin console's stories share: a stateful stand-in for the URL, and the checks of
 * the loading, error and narrow-screen stories. Story names stay literal in each file (the
 * index reads them statically); these only fill in args, play and layout.
 */

/**
 * A story's copy of a controlled value (a search, a filter, a tab), as the page keeps it in the
 * URL: the value and a handler that updates it and calls the story's `onChange` spy too.
 */
export function useStoryState<T>(initial: T, onChange: (value: T) => void) {
  const [value, setValue] = React.useState(initial);
  const change = (next: T) => {
    setValue(next);
    onChange(next);
  };
  return [value, change] as const;
}

/** A play function checking the loading state named `label` is shown. */
export function expectLoading(label: string) {
  return async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: label })).toBeVisible();
  };
}

/** A list page that could not load (`loadError`): it says "Error loading data". */
export const listLoadError = {
  args: { error: loadError },
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Error loading data',
    );
  },
};

/** A story shown at a phone's width (375 px): the test viewport and a frame that narrow. */
export const atPhoneWidth: { parameters: Record<string, unknown>; decorators: Decorator[] } = {
  parameters: { testViewport: { width: 375 } },
  decorators: [(Story) => <div className="max-w-[375px]">{Story()}</div>],
};
