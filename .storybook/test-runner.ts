import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { getStoryContext, type TestHook, type TestRunnerConfig } from '@storybook/test-runner';
import axePlaywright from 'axe-playwright';
import jestImageSnapshot from 'jest-image-snapshot';
import { chromium } from '../scripts/chromium.mjs';
import { checkStoryFocus } from './focus-check.ts';

/**
 * Storybook test-runner hooks (run by scripts/storybook-test.mjs).
 *
 * For every story, after it rendered and its play function passed:
 * 1. Light mode, axe: the a11y addon runs axe after every story render (its `afterEach`), and
 *    the test-runner fails the story on violations when `parameters.a11y.test === 'error'` (the
 *    default in preview.tsx; stricter than serious/critical only, see the note there).
 *    Console errors: `--failOnConsole` fails a story that logs `console.error`; uncaught page
 *    errors are collected here and fail it too.
 * 2. Visual, light: the stories in VISUAL_STORIES are screenshotted and compared with the
 *    committed baselines in .storybook/__visual__/<story id>.light.png (jest-image-snapshot;
 *    .storybook/__visual__/packaged-chromium/ under the packaged Chromium, see SNAPSHOTS_DIR).
 * 3. Dark mode: the `dark` class goes on <html> (what the toolbar theme / ThemeProvider do), then
 *    axe runs again on the page, failing on serious/critical violations only; the story's
 *    `parameters.a11y` (disable, test: 'off', config.rules, options, context) is respected as the
 *    addon does. VISUAL_STORIES are then compared with <story id>.dark.png.
 * 4. The theme is put back as it was, so the next story in the same page starts in light.
 *
 * Missing baselines are written on a local run and fail under CI (`--ci`); refresh baselines
 * with `pnpm storybook:test -- -u` (see scripts/storybook-test.mjs). Diffs of failing
 * comparisons go to storybook-static/__diff_output__/ (not committed).
 */

// CommonJS packages: this file is loaded as native ESM, where only the default import is safe.
const { getViolations, injectAxe } = axePlaywright;
const { configureToMatchImageSnapshot } = jestImageSnapshot;

type Page = Parameters<TestHook>[0];
type Theme = 'light' | 'dark';

// Paths from the repository root, the runner's working directory (scripts/storybook-test.mjs).
// Baselines belong to the browser that renders them: Debian's Chromium (or another system one)
// with the system fonts, or the Chromium of the @sparticuz/chromium package, which a machine
// without a browser uses (scripts/find-chromium.mjs) and which renders with its own fonts.
const SNAPSHOTS_DIR =
  chromium.source === 'package'
    ? resolve('.storybook', '__visual__', 'packaged-chromium')
    : resolve('.storybook', '__visual__');
const DIFF_DIR = resolve(process.env.STORYBOOK_STATIC_DIR ?? 'storybook-static', '__diff_output__');

/**
 * Visual regression set: the first story of each packages/ui stories file (one canonical story
 * per component family, from storybook-static/index.json), the Foundations pages, and one open
 * (portal) dialog. `root` screenshots #storybook-root; `page` the viewport, for content portalled
 * outside the root. Screens of apps/web are not covered (they change with the app).
 * Adding an id here needs a baseline in each set: run `pnpm storybook:test -- -u` and
 * `CHROMIUM_SOURCES=package pnpm storybook:test -- -u`, then commit the PNGs.
 */
const VISUAL_STORIES: Record<string, 'root' | 'page'> = {
  'foundations-tokens--colours': 'root',
  'foundations-tokens--radii': 'root',
  'foundations-tokens--typography': 'root',
  'foundations-tokens--motion': 'root',
  'foundations-theme--toggle': 'root',
  'foundations-linkprovider--plugs-in-router-link': 'root',
  'components-accordion--single': 'root',
  'components-avatar--initials': 'root',
  'components-badge--default': 'root',
  'components-breadcrumbs--default': 'root',
  'components-button--primary': 'root',
  'components-calendar--single': 'root',
  'components-card--default': 'root',
  'components-chatthread--conversation': 'root',
  'components-checkbox--unchecked': 'root',
  'components-confirmdialog--destructive': 'root',
  'components-dialog--default': 'root',
  'components-dialog--open': 'page',
  'components-dropdownmenu--account-menu': 'root',
  'components-emptystate--default': 'root',
  'components-formfield--default': 'root',
  'components-gallery--default': 'root',
  'components-imageupload--empty': 'root',
  'components-input--default': 'root',
  'components-label--with-input': 'root',
  'components-notificationitem--unread': 'root',
  'components-otpinput--empty': 'root',
  'components-pagination--first-page': 'root',
  'components-passwordinput--default': 'root',
  'components-popover--default': 'root',
  'components-price--euro': 'root',
  'components-radiogroup--default': 'root',
  'components-ratingstars--read-only': 'root',
  'components-searchinput--empty': 'root',
  'components-select--placeholder': 'root',
  'components-sheet--right': 'root',
  'components-skeleton--line': 'root',
  'components-slotpicker--default': 'root',
  'components-spinner--default': 'root',
  'components-switch--off': 'root',
  'components-tabs--default': 'root',
  'components-textarea--default': 'root',
  'components-toast--success': 'root',
  'components-tooltip--default': 'root',
  'marketplace-categorycard--default': 'root',
  'marketplace-servicecard--default': 'root',
  'marketplace-statcard--default': 'root',
  'marketplace-vendorcard--default': 'root',
  'patterns-appshell--desktop': 'root',
  'patterns-compositions--sign-in': 'root',
  'patterns-errorscreen--not-found': 'root',
};

/** Rules the addon always disables in component stories (see addon-a11y's a11yRunner). */
const ADDON_DISABLED_RULES = ['region'];
/** Storybook's own elements, excluded by the addon too. */
const ADDON_EXCLUDE = ['.sb-wrapper', '#storybook-docs', '#storybook-highlights-root'];
const DARK_IMPACTS = new Set(['serious', 'critical']);

interface A11yRule {
  id?: string;
  enabled?: boolean;
}
interface A11yParameter {
  disable?: boolean;
  test?: 'error' | 'todo' | 'off';
  config?: { rules?: A11yRule[]; [key: string]: unknown };
  options?: { runOnly?: unknown; rules?: Record<string, unknown>; [key: string]: unknown };
  context?: unknown;
}

const pageErrors = new WeakMap<object, string[]>();

/** Sets the theme the way preview.tsx's decorator does and waits for it to be painted. */
/** Each page's viewport before any story changed it (restored for stories without `testViewport`). */
const defaultViewports = new WeakMap<Page, { width: number; height: number } | null>();

async function applyTheme(page: Page, state: { dark: boolean; colorScheme: string }) {
  await page.evaluate(async ({ dark, colorScheme }) => {
    const root = document.documentElement;
    root.classList.toggle('dark', dark);
    root.style.colorScheme = colorScheme;
    // Frames: style recalc, then stories that re-read CSS variables on a class change (a
    // MutationObserver → requestAnimationFrame → React render, e.g. Foundations/Tokens).
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => requestAnimationFrame(() => r(null)));
    }
    await new Promise((r) => setTimeout(r, 0));
  }, state);
}

/** axe context as the addon builds it: body minus Storybook's own elements, plus the story's. */
function axeContext(context: unknown) {
  const result: { include: unknown; exclude: unknown[] } = {
    include: ['body'],
    exclude: [...ADDON_EXCLUDE],
  };
  if (context == null) return result;
  if (typeof context === 'object' && !Array.isArray(context)) {
    const { include, exclude } = context as { include?: unknown; exclude?: unknown };
    if (include !== undefined) result.include = include;
    if (exclude !== undefined) result.exclude = result.exclude.concat(exclude);
    if (include === undefined && exclude === undefined) result.include = context;
  } else {
    result.include = context;
  }
  return result;
}

async function darkModeViolations(page: Page, a11y: A11yParameter): Promise<string[]> {
  // Inject axe once per page (the test-runner reuses a page for every story of a file).
  if (!(await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object'))) {
    await injectAxe(page);
  }
  const rules = [
    ...ADDON_DISABLED_RULES.map((id) => ({ id, enabled: false })),
    ...(a11y.config?.rules ?? []),
  ];
  await page.evaluate(
    (config) => {
      const { axe } = window as unknown as {
        axe: { reset(): void; configure(c: unknown): void };
      };
      axe.reset();
      axe.configure(config);
    },
    { ...a11y.config, rules },
  );
  const options: Record<string, unknown> = { resultTypes: ['violations'], ...a11y.options };
  if (a11y.options?.runOnly) {
    // With runOnly, rules disabled through `configure` still run; disable them explicitly.
    const disabled: Record<string, { enabled: false }> = {};
    for (const { id, enabled } of rules) {
      if (id && enabled === false) disabled[id] = { enabled: false };
      if (id && enabled === true) delete disabled[id];
    }
    options.rules = { ...disabled, ...a11y.options.rules };
  }
  // biome-ignore lint/suspicious/noExplicitAny: axe's ElementContext / RunOptions, built above
  const violations = await getViolations(page, axeContext(a11y.context) as any, options as any);
  return violations
    .filter((v) => DARK_IMPACTS.has(v.impact ?? ''))
    .flatMap((v) =>
      v.nodes.map(
        (node) =>
          `  - ${v.id} [${v.impact}] ${JSON.stringify(node.target)}: ${v.help}` +
          (node.failureSummary ? `\n      ${node.failureSummary.replace(/\n/g, '\n      ')}` : ''),
      ),
    );
}

/** The addon's `globals.a11y.manual` (axe only on demand), with story-level globals applied. */
async function a11yManual(page: Page, storyId: string): Promise<boolean> {
  return page.evaluate(async (id) => {
    // biome-ignore lint/suspicious/noExplicitAny: Storybook's preview internals are untyped here
    const store = (globalThis as any).__STORYBOOK_PREVIEW__?.storyStore;
    if (!store?.getStoryContext) return false;
    const story = await store.loadStory({ storyId: id });
    return store.getStoryContext(story).globals?.a11y?.manual === true;
  }, storyId);
}

async function screenshot(page: Page, target: 'root' | 'page'): Promise<Buffer> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      Array.from(document.images, (img) => (img.complete ? null : img.decode().catch(() => null))),
    );
  });
  const options = { animations: 'disabled', caret: 'hide', scale: 'css' } as const;
  if (target === 'page') return page.screenshot(options);
  return page.locator('#storybook-root').screenshot(options);
}

/** Compares with the baseline; returns the failure message instead of throwing. */
function compare(image: Buffer, id: string, theme: Theme): string | null {
  try {
    expect(image).toMatchImageSnapshot({ customSnapshotIdentifier: `${id}.${theme}` });
    return null;
  } catch (error) {
    return `Visual snapshot ${id}.${theme}: ${(error as Error).message}`;
  }
}

const config: TestRunnerConfig = {
  setup() {
    mkdirSync(SNAPSHOTS_DIR, { recursive: true });
    expect.extend({
      toMatchImageSnapshot: configureToMatchImageSnapshot({
        customSnapshotsDir: SNAPSHOTS_DIR,
        customDiffDir: DIFF_DIR,
        storeReceivedOnFailure: true,
        customReceivedDir: DIFF_DIR,
        // Same Debian Chromium locally and in CI: renders match; absorb anti-aliasing only.
        comparisonMethod: 'pixelmatch',
        customDiffConfig: { threshold: 0.1 },
        failureThreshold: 0.001,
        failureThresholdType: 'percent',
        // Compare in the worker instead of a child process per image (much faster).
        runInProcess: true,
      }),
    });
  },
  async preVisit(page, context) {
    // Animations (fade/zoom) make visibility and colour-contrast checks flaky mid-transition;
    // the preset cuts all motion under prefers-reduced-motion, so emulate it.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // A story rendered at a phone's width (`parameters.testViewport: { width }`, px) gets a
    // viewport that wide, so media queries (`lg:` columns, sticky asides) answer as on a phone;
    // every other story the runner's own size.
    if (!defaultViewports.has(page)) defaultViewports.set(page, page.viewportSize());
    const width = (await getStoryContext(page, context)).parameters?.testViewport?.width;
    const size = typeof width === 'number' ? { width, height: 812 } : defaultViewports.get(page);
    const current = page.viewportSize();
    if (size && (current?.width !== size.width || current?.height !== size.height)) {
      await page.setViewportSize(size);
    }
    if (!pageErrors.has(page)) {
      const errors: string[] = [];
      pageErrors.set(page, errors);
      page.on('pageerror', (error) => errors.push(error.message));
    }
    pageErrors.get(page)!.length = 0;
  },
  async postVisit(page, context) {
    // The story already failed (play function, light-mode axe): that error is reported.
    if (context.hasFailure) return;
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

    const failures: string[] = [];
    const visual = VISUAL_STORIES[context.id];
    if (visual) {
      const failure = compare(await screenshot(page, visual), context.id, 'light');
      if (failure) failures.push(failure);
    }

    const storyContext = await getStoryContext(page, context);
    const a11y: A11yParameter = storyContext.parameters?.a11y ?? {};
    const runAxe =
      a11y.disable !== true && a11y.test !== 'off' && !(await a11yManual(page, context.id));

    const initial = await page.evaluate(() => ({
      dark: document.documentElement.classList.contains('dark'),
      colorScheme: document.documentElement.style.colorScheme,
    }));
    try {
      await applyTheme(page, { dark: true, colorScheme: 'dark' });
      if (runAxe) {
        const violations = await darkModeViolations(page, a11y);
        if (violations.length > 0) {
          const message = `Dark mode: ${violations.length} serious/critical axe violation(s) in ${context.id}:\n${violations.join('\n')}`;
          if (a11y.test === 'todo') console.warn(`${message}\n(a11y.test is 'todo': not failing)`);
          else failures.push(message);
        }
      }
      if (visual) {
        const failure = compare(await screenshot(page, visual), context.id, 'dark');
        if (failure) failures.push(failure);
      }
    } finally {
      await applyTheme(page, initial);
    }
    failures.push(...(await checkStoryFocus(page, context.id)));
    if (failures.length > 0) throw new Error(failures.join('\n\n'));
  },
};

export default config;
