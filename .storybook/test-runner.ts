import type { TestRunnerConfig } from '@storybook/test-runner';

/**
 * Storybook test-runner hooks.
 *
 * Accessibility: the a11y addon runs axe after every story render (its `afterEach`), and the
 * test-runner fails the story on violations when `parameters.a11y.test === 'error'` (the
 * default in preview.tsx; stricter than serious/critical only, see the note there).
 * Console errors: `--failOnConsole` (scripts/storybook-test.mjs) fails a story that logs
 * `console.error`; uncaught page errors are collected here and fail it too.
 */
const pageErrors = new WeakMap<object, string[]>();

const config: TestRunnerConfig = {
  async preVisit(page) {
    // Animations (fade/zoom) make visibility and colour-contrast checks flaky mid-transition;
    // the preset cuts all motion under prefers-reduced-motion, so emulate it.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    if (!pageErrors.has(page)) {
      const errors: string[] = [];
      pageErrors.set(page, errors);
      page.on('pageerror', (error) => errors.push(error.message));
    }
    pageErrors.get(page)!.length = 0;
  },
  async postVisit(page, context) {
    const errors = pageErrors.get(page) ?? [];
    if (errors.length > 0) {
      throw new Error(`Uncaught errors in ${context.id}:\n${errors.join('\n')}`);
    }
    // The story must have rendered something somewhere (root or a portal).
    const empty = await page.evaluate(
      () =>
        (document.querySelector('#storybook-root')?.innerHTML ?? '') === '' &&
        document.body.children.length < 3,
    );
    if (empty) throw new Error(`Story ${context.id} rendered nothing`);
  },
};

export default config;
