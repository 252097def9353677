import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';

/**
 * Focus-visibility check (issue #12): Tab through a page and prove that every Tab stop shows a
 * focus indicator. Used by the Storybook test-runner (`checkStoryFocus`, every story in light
 * and dark) and by the e2e specs (`checkFocusVisibility`, every route; e2e/tests/focus.spec.ts).
 *
 * For each stop, reached with a real Tab key press:
 * 1. a screenshot of a clip around the element (its box, or the card a stretched link covers,
 *    plus `margin` CSS px for the ring and its offset) is taken focused, then again after
 *    `blur()`, at the same scroll position;
 * 2. the two are compared pixel by pixel in the page (canvas): `changed` pixels differ at all,
 *    `contrasting` pixels differ with a contrast ratio of at least `minContrast` (3:1, WCAG 1.4.11
 *    and the "change of contrast" of 2.4.13) between their focused and unfocused colours;
 * 3. the stop fails when no pixel changed, or when fewer than `perimeter` contrasting pixels
 *    changed: the indicator must cover at least a 1 CSS px line around the element (a 2px ring
 *    covers twice that; an underline under a text link does not);
 * 4. it also fails when part of the element is covered by a fixed or sticky layer it is not in
 *    (a sticky header or the mobile bottom nav; WCAG 2.4.11/2.4.12), or when it is off-screen.
 *
 * Screenshots are taken at CSS scale, so one pixel is one CSS px. Before each measurement every
 * finite animation and transition is finished, so a shot shows the final ring, not a frame of
 * its transition; callers also emulate `prefers-reduced-motion: reduce`, as the other browser
 * tests do. Cost: two small clip screenshots and three `evaluate` round trips per stop.
 */

/** The Playwright page being checked (jest-playwright's or @playwright/test's). */
export type FocusPage = Page;

/** Options of {@link checkFocusVisibility}. */
export interface FocusCheckOptions {
  /**
   * Most Tab stops visited; a page with more fails (raise it rather than leave stops unchecked).
   * @defaultValue 150
   */
  maxStops?: number;
  /**
   * CSS px around the element's box included in each screenshot: a 2px ring with a 2px offset
   * needs 4.
   * @defaultValue 8
   */
  margin?: number;
  /**
   * Contrast ratio between the focused and unfocused colour of a pixel for it to count as part of
   * the indicator (WCAG 1.4.11: 3:1).
   * @defaultValue 3
   */
  minContrast?: number;
  /**
   * Check that no fixed/sticky layer covers part of the focused element.
   * @defaultValue true
   */
  obscured?: boolean;
}

/** What was measured at one Tab stop. */
export interface FocusStop {
  /** CSS path of the focused element, with its accessible text in quotes. */
  selector: string;
  /** Pixels that differ between the focused and the unfocused screenshot. */
  changed: number;
  /** Of those, pixels whose two colours contrast at least `minContrast`:1. */
  contrasting: number;
  /** Contrasting pixels needed: the perimeter of the element's visible box, in CSS px. */
  required: number;
  /** The fixed/sticky layer covering part of the element, if any. */
  obscuredBy: string | null;
  /** Why the stop failed; null when it passed. */
  failure: string | null;
}

/** Result of one pass over a page. */
export interface FocusReport {
  stops: FocusStop[];
  /** One line per failed stop (`<selector>: <reason>`), plus a line when `maxStops` was hit. */
  failures: string[];
}

interface StopInfo {
  kind: 'stop';
  selector: string;
  clip: { x: number; y: number; width: number; height: number } | null;
  perimeter: number;
  obscuredBy: string | null;
}

/** Window property naming the pass that owns the page; a newer pass makes older ones stop. */
const OWNER_KEY = '__vtFocusCheckOwner';
let passes = 0;

/**
 * Tabs through the current page once and measures every Tab stop (see the module comment).
 * Starts at the top of the document (inside an open modal dialog, whose focus trap takes focus
 * back, it cycles through the dialog); ends when Tab returns to a stop already seen or reaches a
 * marker appended to <body>, so focus never leaves the page (a page without focus stops
 * matching `:focus`, and the next pass would see no ring at all).
 *
 * While it runs, the page holds a helper object on `window`, a caret-hiding `<style>` and the
 * end marker; all three are removed at the end. Never throws for a failed stop: read `failures`.
 */
export async function checkFocusVisibility(
  page: FocusPage,
  options: FocusCheckOptions = {},
): Promise<FocusReport> {
  const maxStops = options.maxStops ?? 150;
  const margin = options.margin ?? 8;
  const minContrast = options.minContrast ?? 3;
  const obscured = options.obscured ?? true;

  // A dialog or sheet that was just closed stays mounted, `data-state="closed"`, until its exit
  // animation ends (Radix Presence); under load that can outlast the story's own wait for the
  // dialog to leave the accessibility tree, and its overlay then covers the page being checked
  // (seen in CI: Sheet "OpenAndClose"). Finish finite animations and wait until no closing layer
  // is left; after 5 s check anyway, and a layer still there is reported as covering.
  await page
    .waitForFunction(
      () => {
        for (const animation of document.getAnimations()) {
          const end = animation.effect?.getComputedTiming().endTime;
          if (typeof end === 'number' && Number.isFinite(end)) animation.finish();
        }
        return !document.querySelector(
          '[data-state="closed"]:is([data-slot$="-overlay"], [role="dialog"], [role="alertdialog"])',
        );
      },
      undefined,
      { polling: 'raf', timeout: 5_000 },
    )
    .catch(() => undefined);

  // A pass of its own on the page: a pass the test-runner abandoned (its story timed out) may
  // still be pressing Tab; it sees the page is no longer its own and stops.
  const key = `__vtFocusCheck${process.pid}_${++passes}`;
  await page.evaluate(
    async ({ key, ownerKey, margin, obscured }) => {
      const w = window as unknown as Record<string, unknown>;
      w[ownerKey] = key;
      const style = document.createElement('style');
      style.dataset.focusCheck = '';
      // The text caret blinks: it would make an unfocused field look "changed".
      style.textContent = '*, *::before, *::after { caret-color: transparent !important; }';
      document.head.append(style);

      const seen = new WeakSet<Element>();
      const end = document.createElement('div');
      let current: HTMLElement | null = null;

      const describe = (el: Element): string => {
        const parts: string[] = [];
        let node: Element | null = el;
        while (node && node !== document.body && parts.length < 6) {
          if (node.id && /^[A-Za-z][\w-]*$/.test(node.id)) {
            parts.unshift(`#${node.id}`);
            break;
          }
          let part = node.tagName.toLowerCase();
          const slot = node.getAttribute('data-slot');
          if (slot) part += `[data-slot="${slot}"]`;
          const parent: Element | null = node.parentElement;
          if (parent) {
            const same = Array.from(parent.children).filter((c) => c.tagName === node?.tagName);
            if (same.length > 1) part += `:nth-of-type(${same.indexOf(node) + 1})`;
          }
          parts.unshift(part);
          node = parent;
        }
        const label =
          el.getAttribute('aria-label') ?? el.textContent?.trim().replace(/\s+/g, ' ') ?? '';
        return `${parts.join(' > ')}${label ? ` ("${label.slice(0, 40)}")` : ''}`;
      };

      /**
       * Waits a frame (for React updates a focus change triggers), then ends every finite
       * animation and transition. `document.getAnimations()` flushes style first, so the
       * transitions of the change just made exist. Under reduced motion the preset shortens
       * transitions to 0.01 ms, but even those end a frame later than the change.
       */
      const settle = async () => {
        await new Promise((r) => requestAnimationFrame(() => r(null)));
        for (const animation of document.getAnimations()) {
          const end = animation.effect?.getComputedTiming().endTime;
          if (typeof end === 'number' && Number.isFinite(end)) animation.finish();
        }
      };

      /**
       * The box the indicator belongs to and the element drawing it: the card a stretched link's
       * `::after` covers, the label around a visually hidden input, else the element itself.
       */
      const target = (el: HTMLElement): { box: DOMRect; owner: Element } => {
        let owner: Element = el;
        for (const pseudo of ['::after', '::before']) {
          const ps = getComputedStyle(el, pseudo);
          if (ps.content !== 'none' && ps.content !== 'normal' && ps.position === 'absolute') {
            const block = getComputedStyle(el).position !== 'static' ? el : el.offsetParent;
            if (block) owner = block;
          }
        }
        let box = owner.getBoundingClientRect();
        while ((box.width <= 2 || box.height <= 2) && owner.parentElement) {
          owner = owner.parentElement;
          box = owner.getBoundingClientRect();
        }
        return { box, owner };
      };

      /** The fixed/sticky ancestor of `hit` (itself included) that does not contain `el`. */
      const layerOf = (hit: Element, el: Element): Element | null => {
        for (
          let n: Element | null = hit;
          n && n !== document.documentElement;
          n = n.parentElement
        ) {
          if (n.contains(el)) return null;
          const position = getComputedStyle(n).position;
          if (position === 'fixed' || position === 'sticky') return n;
        }
        return null;
      };

      /**
       * A fixed/sticky layer painted over part of the target, sampled on a 5 × 5 grid over its
       * visible box. Points outside the target's own shape (rounded corners) are skipped: there
       * the target is not in `elementsFromPoint` at all.
       */
      const coveringLayer = (el: Element, owner: Element, box: DOMRect): Element | null => {
        const vw = document.documentElement.clientWidth;
        const vh = document.documentElement.clientHeight;
        // The band the page keeps clear of its bars (the root's scroll-padding). A target taller
        // than that band (a long scrollable table region) cannot be wholly clear: only its part
        // inside the band must be (WCAG 2.4.11 asks that focus is not entirely hidden).
        const root = getComputedStyle(document.documentElement);
        const bandTop = Number.parseFloat(root.scrollPaddingTop) || 0;
        const bandBottom = vh - (Number.parseFloat(root.scrollPaddingBottom) || 0);
        const tall = box.height > bandBottom - bandTop;
        const top = tall ? Math.max(box.top, bandTop) : box.top;
        const bottom = tall ? Math.min(box.bottom, bandBottom) : box.bottom;
        const x0 = Math.max(box.left, 0) + 1;
        const y0 = Math.max(top, 0) + 1;
        const stepX = Math.max(0, Math.min(box.right, vw) - x0 - 1) / 4;
        const stepY = Math.max(0, Math.min(bottom, vh) - y0 - 1) / 4;
        const mine = (e: Element) => e === el || el.contains(e) || owner === e || owner.contains(e);
        for (let i = 0; i <= 4; i++) {
          for (let j = 0; j <= 4; j++) {
            const stack = document.elementsFromPoint(x0 + stepX * i, y0 + stepY * j);
            const at = stack.findIndex(mine);
            for (const above of stack.slice(0, Math.max(at, 0))) {
              const layer = layerOf(above, el);
              if (layer) return layer;
            }
          }
        }
        return null;
      };

      w[key] = {
        /** Describes the newly focused element, or says the pass is over. */
        async stop(): Promise<StopInfo | { kind: 'none' | 'seen' }> {
          await settle();
          if (w[ownerKey] !== key) return { kind: 'none' };
          const el = document.activeElement;
          if (!el || el === document.body || el === document.documentElement || el === end) {
            return { kind: 'none' };
          }
          if (seen.has(el)) return { kind: 'seen' };
          seen.add(el);
          current = el as HTMLElement;
          const { box, owner } = target(current);
          const vw = document.documentElement.clientWidth;
          const vh = document.documentElement.clientHeight;
          const left = Math.max(0, Math.floor(box.left - margin));
          const top = Math.max(0, Math.floor(box.top - margin));
          const right = Math.min(vw, Math.ceil(box.right + margin));
          const bottom = Math.min(vh, Math.ceil(box.bottom + margin));
          const visibleW = Math.max(0, Math.min(box.right, vw) - Math.max(box.left, 0));
          const visibleH = Math.max(0, Math.min(box.bottom, vh) - Math.max(box.top, 0));
          const layer =
            obscured && visibleW > 0 && visibleH > 0 ? coveringLayer(el, owner, box) : null;
          return {
            kind: 'stop',
            selector: describe(el),
            clip:
              right - left >= 1 && bottom - top >= 1
                ? { x: left, y: top, width: right - left, height: bottom - top }
                : null,
            perimeter: Math.round(2 * (visibleW + visibleH)),
            obscuredBy: layer ? describe(layer) : null,
          };
        },
        /** Unfocuses the current stop (focus goes to the body). */
        async blur() {
          current?.blur();
          await settle();
        },
        /**
         * Focuses the current stop again (so the next Tab continues from it), then counts the
         * pixels that differ and those that differ with at least `minContrast`:1.
         */
        async compare(focused: string, unfocused: string, minContrast: number) {
          current?.focus({ preventScroll: true });
          const decode = async (base64: string) => {
            const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
            const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
            const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
            const ctx = canvas.getContext('2d', { willReadFrequently: true });
            if (!ctx) throw new Error('focus-check: no 2d canvas');
            ctx.drawImage(bitmap, 0, 0);
            return ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
          };
          const [a, b] = await Promise.all([decode(focused), decode(unfocused)]);
          // WCAG relative luminance of an 8-bit sRGB channel.
          const lin = Array.from({ length: 256 }, (_, v) => {
            const c = v / 255;
            return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
          });
          let changed = 0;
          let contrasting = 0;
          const n = Math.min(a.length, b.length);
          for (let i = 0; i < n; i += 4) {
            if (a[i] === b[i] && a[i + 1] === b[i + 1] && a[i + 2] === b[i + 2]) continue;
            changed++;
            const la =
              0.2126 * lin[a[i]!]! + 0.7152 * lin[a[i + 1]!]! + 0.0722 * lin[a[i + 2]!]! + 0.05;
            const lb =
              0.2126 * lin[b[i]!]! + 0.7152 * lin[b[i + 1]!]! + 0.0722 * lin[b[i + 2]!]! + 0.05;
            if (Math.max(la, lb) / Math.min(la, lb) >= minContrast) contrasting++;
          }
          return { changed, contrasting };
        },
        /** Removes the caret-hiding style and the end marker. */
        done() {
          style.remove();
          end.remove();
          delete w[key];
        },
      };

      // Let the page settle first: an overlay still animating out would cover what it leaves,
      // and an image still loading would move what follows it.
      await settle();
      await document.fonts.ready;
      await Promise.all(
        Array.from(document.images, (img) =>
          img.complete || img.loading === 'lazy' ? null : img.decode().catch(() => null),
        ),
      );
      await new Promise((r) => requestAnimationFrame(() => r(null)));

      // Start the Tab sequence at the top of the document: focus a throwaway element there. (In
      // an open modal dialog its focus trap pulls focus back in, and the pass cycles inside.)
      window.scrollTo(0, 0);
      const start = document.createElement('div');
      start.tabIndex = -1;
      document.body.prepend(start);
      start.focus({ preventScroll: true });
      start.remove();
      // End it before Tab leaves the page: a page without focus stops matching `:focus`.
      end.tabIndex = 0;
      end.dataset.focusCheckEnd = '';
      end.style.cssText = 'position:fixed;top:0;left:0;width:1px;height:1px;opacity:0;';
      document.body.append(end);
    },
    { key, ownerKey: OWNER_KEY, margin, obscured },
  );

  type Api = {
    stop(): Promise<StopInfo | { kind: 'none' | 'seen' }>;
    blur(): Promise<void>;
    compare(f: string, u: string, c: number): Promise<{ changed: number; contrasting: number }>;
    done(): void;
  };
  const api = <K extends keyof Api>(
    method: K,
    ...args: Parameters<Api[K]>
  ): Promise<Awaited<ReturnType<Api[K]>>> =>
    page.evaluate(
      ({ key, method, args }) =>
        // biome-ignore lint/suspicious/noExplicitAny: the helper object installed above
        ((window as any)[key][method] as (...a: unknown[]) => unknown)(...args),
      { key, method, args },
    ) as Promise<Awaited<ReturnType<Api[K]>>>;

  const stops: FocusStop[] = [];
  const failures: string[] = [];
  try {
    while (stops.length < maxStops) {
      await page.keyboard.press('Tab');
      const info = await api('stop');
      // Back at a stop already measured (a dialog's focus trap), or past the last one.
      if (info.kind !== 'stop') break;
      const stop: FocusStop = {
        selector: info.selector,
        changed: 0,
        contrasting: 0,
        required: info.perimeter,
        obscuredBy: info.obscuredBy,
        failure: null,
      };
      if (!info.clip) {
        stop.failure = 'focused element is off-screen';
      } else {
        const shot = { clip: info.clip, scale: 'css', type: 'png' } as const;
        const focused = await page.screenshot(shot);
        await api('blur');
        const unfocused = await page.screenshot(shot);
        const { changed, contrasting } = await api(
          'compare',
          focused.toString('base64'),
          unfocused.toString('base64'),
          minContrast,
        );
        stop.changed = changed;
        stop.contrasting = contrasting;
        if (changed === 0) {
          stop.failure = 'focus changes no pixel';
        } else if (contrasting < stop.required) {
          stop.failure = `focus indicator too faint or small: ${contrasting} px change by ≥ ${minContrast}:1, needs ${stop.required} (the element's perimeter)`;
        } else if (stop.obscuredBy) {
          stop.failure = `partly covered by ${stop.obscuredBy}`;
        }
      }
      if (stop.failure) failures.push(`${stop.selector}: ${stop.failure}`);
      stops.push(stop);
    }
    if (stops.length >= maxStops) {
      failures.push(`more than ${maxStops} Tab stops: raise maxStops so every stop is checked`);
    }
  } finally {
    await api('done').catch(() => undefined);
  }
  return { stops, failures };
}

/** Sets the Storybook theme as preview.tsx does (`dark` class on <html>) and waits 2 frames. */
async function setStoryTheme(page: FocusPage, theme: 'light' | 'dark') {
  await page.evaluate(async (dark) => {
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
    for (let i = 0; i < 2; i++) await new Promise((r) => requestAnimationFrame(() => r(null)));
  }, theme === 'dark');
}

/** Where {@link checkStoryFocus} writes one JSON file per story (the build output, not committed). */
export const STORY_FOCUS_REPORT_DIR = resolve(
  process.env.STORYBOOK_STATIC_DIR ?? 'storybook-static',
  '__focus__',
);

/**
 * The Storybook test-runner's focus check: runs {@link checkFocusVisibility} on the rendered
 * story in light, then dark mode (skipped when light found no Tab stop), puts the theme back,
 * writes the measurements to `storybook-static/__focus__/<story id>.json` and returns one
 * failure message per theme with failed stops (empty when every stop shows a focus indicator).
 */
export async function checkStoryFocus(page: FocusPage, storyId: string): Promise<string[]> {
  const initialDark = await page.evaluate(() =>
    document.documentElement.classList.contains('dark'),
  );
  const messages: string[] = [];
  const record: Record<string, FocusReport & { ms: number }> = {};
  try {
    for (const theme of ['light', 'dark'] as const) {
      // Nothing focusable in light (a badge, a skeleton): the theme changes no element, so dark
      // has none either.
      if (theme === 'dark' && record.light?.stops.length === 0) break;
      await setStoryTheme(page, theme);
      const started = performance.now();
      const report = await checkFocusVisibility(page);
      record[theme] = { ...report, ms: Math.round(performance.now() - started) };
      if (report.failures.length > 0) {
        messages.push(
          `Focus check (${theme}) in ${storyId}: ${report.failures.length} of ${report.stops.length} Tab stop(s) without a visible focus indicator:\n${report.failures.map((f) => `  - ${f}`).join('\n')}`,
        );
      }
    }
  } finally {
    await setStoryTheme(page, initialDark ? 'dark' : 'light');
  }
  mkdirSync(STORY_FOCUS_REPORT_DIR, { recursive: true });
  writeFileSync(join(STORY_FOCUS_REPORT_DIR, `${storyId}.json`), JSON.stringify(record));
  return messages;
}
