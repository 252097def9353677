/**
 * Outdated-build handling (spec §9). After a deploy, the hashed chunks of the old build are
 * gone: a tab opened earlier fails to lazy-load a page. Two guards:
 * - every hour the app re-reads `/index.html` and, when it names another entry script than the
 *   running one, offers a reload;
 * - a failed chunk load reloads the page once; the reload is not repeated within 10 s, so a
 *   genuinely broken deploy shows the error screen instead of a reload loop.
 */

/** spec §9: the outdated-build check runs every 3,600,000 ms. */
export const BUILD_CHECK_INTERVAL_MS = 3_600_000;
/** spec §9: the page-reload guard lasts 10 s. */
export const RELOAD_GUARD_MS = 10_000;
/** sessionStorage key holding the time (ms epoch) of the last guarded reload. */
export const RELOAD_STORAGE_KEY = 'vetted.reloadedAt';

/**
 * The module entry script named in an index.html text (e.g. `/assets/index-abc.js`), or null: a
 * prerendered page's boot script names it in `data-entry` (apps/web/scripts/prerender.mjs), else
 * the first module script's `src`.
 */
export function entryScriptOf(html: string): string | null {
  const boot = /<script[^>]*type="module"[^>]*data-entry="([^"]+)"/.exec(html);
  if (boot) return boot[1] ?? null;
  const match = /<script[^>]*type="module"[^>]*src="([^"]+)"/.exec(html);
  return match?.[1] ?? null;
}

/** True for the errors browsers raise when a dynamically imported chunk cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

interface ReloadOptions {
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  /** Current time in ms epoch. */
  now?: number;
  reload?: () => void;
}

/**
 * Reloads the page unless this guard already did so less than RELOAD_GUARD_MS ago.
 * Returns true when it reloaded.
 */
export function reloadOnce({
  storage = window.sessionStorage,
  now = Date.now(),
  reload = () => window.location.reload(),
}: ReloadOptions = {}): boolean {
  const last = Number(storage.getItem(RELOAD_STORAGE_KEY) ?? 0);
  if (now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(RELOAD_STORAGE_KEY, String(now));
  reload();
  return true;
}

interface BuildCheckOptions {
  /** The entry script of the running build; no check runs without one (e.g. the Vite dev server). */
  currentEntry: string | null;
  /** Resolves to the text of the deployed `/index.html`. */
  fetchIndex: () => Promise<string>;
  /** Called once when the deployed build differs from the running one. */
  onOutdated: () => void;
  /** @defaultValue BUILD_CHECK_INTERVAL_MS */
  intervalMs?: number;
}

/**
 * Compares the deployed entry script with the running one every `intervalMs`; a failed fetch
 * (offline, server restarting) is ignored until the next tick. Returns a function that stops it.
 */
export function startBuildCheck({
  currentEntry,
  fetchIndex,
  onOutdated,
  intervalMs = BUILD_CHECK_INTERVAL_MS,
}: BuildCheckOptions): () => void {
  if (!currentEntry) return () => {};
  let notified = false;
  const id = setInterval(async () => {
    if (notified) return;
    try {
      const deployed = entryScriptOf(await fetchIndex());
      if (deployed && deployed !== currentEntry) {
        notified = true;
        onOutdated();
      }
    } catch {
      // Try again at the next tick.
    }
  }, intervalMs);
  return () => clearInterval(id);
}
