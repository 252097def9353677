import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BUILD_CHECK_INTERVAL_MS,
  entryScriptOf,
  isChunkLoadError,
  RELOAD_GUARD_MS,
  reloadOnce,
  startBuildCheck,
} from '../src/lib/build-check';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('entryScriptOf', () => {
  it('finds the module entry of a Vite index.html', () => {
    const html =
      '<head><script>1</script><script type="module" crossorigin src="/assets/index-Ab12.js"></script></head>';
    expect(entryScriptOf(html)).toBe('/assets/index-Ab12.js');
    expect(entryScriptOf('<p>no scripts</p>')).toBeNull();
  });

  it("finds the entry a prerendered page's boot script names, not the boot script", () => {
    const html =
      '<head><script type="module" crossorigin src="/assets/boot-Zz9.js" data-entry="/assets/index-Ab12.js"></script></head>';
    expect(entryScriptOf(html)).toBe('/assets/index-Ab12.js');
  });
});

describe('reloadOnce', () => {
  it('reloads, then refuses again within 10 s (spec §9), then reloads after', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnce({ storage, now: 1_000_000, reload })).toBe(true);
    expect(reloadOnce({ storage, now: 1_000_000 + RELOAD_GUARD_MS - 1, reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnce({ storage, now: 1_000_000 + RELOAD_GUARD_MS, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

describe('isChunkLoadError', () => {
  it('recognises failed dynamic imports and nothing else', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    ).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});

describe('startBuildCheck', () => {
  it('checks every hour and reports a new entry once', async () => {
    vi.useFakeTimers();
    let deployed = '/assets/index-old.js';
    const fetchIndex = vi.fn(async () => `<script type="module" src="${deployed}"></script>`);
    const onOutdated = vi.fn();
    const stop = startBuildCheck({ currentEntry: '/assets/index-old.js', fetchIndex, onOutdated });
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS - 1);
    expect(fetchIndex).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchIndex).toHaveBeenCalledTimes(1);
    expect(onOutdated).not.toHaveBeenCalled();
    deployed = '/assets/index-new.js';
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS * 2);
    expect(onOutdated).toHaveBeenCalledTimes(1);
    stop();
  });

  it('ignores a failed fetch and does nothing without a running entry', async () => {
    vi.useFakeTimers();
    const onOutdated = vi.fn();
    const failing = vi.fn(async () => {
      throw new Error('offline');
    });
    const stop = startBuildCheck({ currentEntry: '/assets/a.js', fetchIndex: failing, onOutdated });
    const idle = vi.fn(async () => '');
    startBuildCheck({ currentEntry: null, fetchIndex: idle, onOutdated });
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS * 2);
    expect(failing).toHaveBeenCalledTimes(2);
    expect(idle).not.toHaveBeenCalled();
    expect(onOutdated).not.toHaveBeenCalled();
    stop();
  });
});
