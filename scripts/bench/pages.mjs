// `pnpm bench pages`: what a first visit to `/` transfers, and Lighthouse mobile on four public
// pages, each next to the floor app (React + react-dom + wouter + swr alone) served by the same
// server stack — the production API serving a Vite build, with the same precompression.
import { join } from 'node:path';
import {
  buildApp,
  kb,
  median,
  ms,
  requireRoot,
  requireWeb,
  root,
  round,
  rounds,
  startApi,
  stop,
  tempDir,
  web,
} from './lib.mjs';

/** The pages Lighthouse measures (the goals table). */
export const LIGHTHOUSE_PAGES = [
  '/',
  '/services',
  '/search?q=plumbing',
  '/about',
  // A category × place landing page of the seeded data, and a pro page (its path is read from
  // the sitemap at run time: a pro's slug ends in an id).
  '/services/plumbing/boston-ma-us',
  '/pros/…',
];

/** The first pro page the app's sitemap lists (`/sitemaps/pros-1.xml`), e.g. `/pros/back-bay-plumbing-1a2b3c`. */
async function firstProPath(appPort) {
  const sitemap = await (await fetch(`http://127.0.0.1:${appPort}/sitemaps/pros-1.xml`)).text();
  const loc = sitemap.match(/<loc>[^<]*?(\/pros\/[^<]+)<\/loc>/);
  if (!loc) throw new Error('the sitemap lists no pro page');
  return loc[1];
}

/**
 * Builds the floor app (apps/web/bench/floor) with the web app's own Vite plugins that shape
 * what is sent: React and the `.br`/`.gz` precompression. Returns the output folder.
 */
export async function buildFloor() {
  const { build } = requireWeb('vite');
  const react = requireWeb('@vitejs/plugin-react').default;
  const { compression } = requireWeb('vite-plugin-compression2');
  const out = tempDir('floor');
  await build({
    root: join(web, 'bench/floor'),
    logLevel: 'error',
    plugins: [react(), compression()],
    build: { outDir: out, emptyOutDir: true, target: 'es2022' },
  });
  return out;
}

/**
 * Loads `url` once in a fresh Chromium context (412×823, as Lighthouse's mobile) and sums what
 * crossed the wire until the network is idle: per resource type, body bytes as sent (compressed)
 * plus response headers, and the request count; `files` names each response (path, type, bytes),
 * largest first, so the report says what each KB buys.
 * @returns {Promise<{ html: number, css: number, js: number, other: number, bytes: number,
 *   requests: number, htmlCssJsRequests: number,
 *   files: Array<{ path: string, type: string, bytes: number }> }>} bytes; `bytes` = HTML + CSS + JS.
 */
async function transferred(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const responses = [];
  page.on('response', (r) => responses.push(r));
  await page.goto(url, { waitUntil: 'networkidle' });
  const sums = { html: 0, css: 0, js: 0, other: 0, requests: 0, htmlCssJsRequests: 0 };
  const files = [];
  for (const r of responses) {
    const sizes = await r.request().sizes();
    const size = sizes.responseBodySize + sizes.responseHeadersSize;
    const type = r.request().resourceType();
    files.push({ path: new URL(r.url()).pathname, type, bytes: size });
    const key =
      type === 'document' ? 'html' : type === 'stylesheet' ? 'css' : type === 'script' ? 'js' : '';
    sums.requests += 1;
    if (key) {
      sums[key] += size;
      sums.htmlCssJsRequests += 1;
    } else sums.other += size;
  }
  await context.close();
  files.sort((x, y) => y.bytes - x.bytes);
  return { ...sums, bytes: sums.html + sums.css + sums.js, files };
}

/** One Lighthouse mobile run (default config: simulated throttling), performance only. */
async function lighthouseRun(lighthouse, port, url) {
  const { lhr } = await lighthouse(url, {
    port,
    onlyCategories: ['performance'],
    logLevel: 'error',
    output: 'json',
  });
  if (lhr.runtimeError) throw new Error(`Lighthouse ${url}: ${lhr.runtimeError.message}`);
  const a = lhr.audits;
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    fcpMs: a['first-contentful-paint'].numericValue,
    lcpMs: a['largest-contentful-paint'].numericValue,
    tbtMs: a['total-blocking-time'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
  };
}

/** Median of each figure over the runs of one page. */
function medianRow(runs) {
  return {
    score: median(runs.map((r) => r.score)),
    fcpMs: Math.round(median(runs.map((r) => r.fcpMs))),
    lcpMs: Math.round(median(runs.map((r) => r.lcpMs))),
    tbtMs: Math.round(median(runs.map((r) => r.tbtMs))),
    cls: round(median(runs.map((r) => r.cls)), 3),
    runs: runs.length,
  };
}

/**
 * The first load of `/`: the web app served on `appPort` next to the floor app on `floorPort`
 * (both already running). Writes `results.firstLoad` (median loads of each, their ratio, and the
 * app's responses one by one). Exported so the bundle work can measure it without Lighthouse.
 */
export async function firstLoad(results, appPort, floorPort) {
  const { chromium: pw } = requireRoot('playwright-core');
  const { chromium } = await import(join(root, 'scripts/chromium.mjs'));
  // Bytes: median of `rounds` loads each, interleaved (app, floor, app, floor…).
  const browser = await pw.launch({
    executablePath: chromium.path,
    args: ['--no-sandbox', '--headless', '--disable-gpu'],
    env: { ...process.env, ...chromium.env },
  });
  const appLoads = [];
  const floorLoads = [];
  for (let i = 0; i < rounds; i++) {
    appLoads.push(await transferred(browser, `http://127.0.0.1:${appPort}/`));
    floorLoads.push(await transferred(browser, `http://127.0.0.1:${floorPort}/`));
  }
  await browser.close();
  const pick = (loads) => loads.find((l) => l.bytes === median(loads.map((x) => x.bytes)));
  const a = pick(appLoads) ?? appLoads[0];
  const f = pick(floorLoads) ?? floorLoads[0];
  results.firstLoad = {
    bytes: a.bytes,
    floorBytes: f.bytes,
    ratio: round(a.bytes / f.bytes),
    app: a,
    floor: f,
  };
  console.log('  bytes transferred for / (HTML + CSS + JS as sent, with headers)');
  for (const [name, l] of [
    ['web app', a],
    ['floor', f],
  ]) {
    console.log(
      `    ${name.padEnd(8)} ${kb(l.bytes).padStart(9)} = HTML ${kb(l.html)} + CSS ${kb(l.css)} + JS ${kb(l.js)} in ${l.htmlCssJsRequests} requests; other ${kb(l.other)} (${l.requests - l.htmlCssJsRequests} requests)`,
    );
  }
  console.log(`    app ÷ floor ${results.firstLoad.ratio}`);
  for (const file of a.files) {
    console.log(`      ${kb(file.bytes).padStart(9)}  ${file.type.padEnd(10)} ${file.path}`);
  }
}

/**
 * First load and Lighthouse. Writes `results.firstLoad` and `results.lighthouse` (per page, plus
 * `floor`).
 */
export async function pages(results) {
  console.log('\n== First load of / and Lighthouse mobile, next to the floor app (same server)');
  await buildApp();
  const floorDist = await buildFloor();
  const appPort = 3340;
  const floorPort = 3341;
  const app = await startApi(appPort, tempDir('pages'), {});
  const floor = await startApi(floorPort, tempDir('floor-db'), { WEB_DIST: floorDist });
  const { chromium } = await import(join(root, 'scripts/chromium.mjs'));
  try {
    await firstLoad(results, appPort, floorPort);

    // Lighthouse: `rounds` rounds, each visiting the floor then every page (A B C D E, A B…).
    const { default: lighthouse } = await import(requireRoot.resolve('lighthouse'));
    const chromeLauncher = await import(requireRoot.resolve('chrome-launcher'));
    const proPath = await firstProPath(appPort);
    const paths = LIGHTHOUSE_PAGES.map((p) => (p === '/pros/…' ? proPath : p));
    const runs = Object.fromEntries(['floor', ...paths].map((p) => [p, []]));
    for (let i = 0; i < rounds; i++) {
      const chrome = await chromeLauncher.launch({
        chromePath: chromium.path,
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
        envVars: { ...process.env, ...chromium.env },
      });
      try {
        runs.floor.push(
          await lighthouseRun(lighthouse, chrome.port, `http://127.0.0.1:${floorPort}/`),
        );
        for (const p of paths) {
          runs[p].push(
            await lighthouseRun(lighthouse, chrome.port, `http://127.0.0.1:${appPort}${p}`),
          );
        }
      } finally {
        await chrome.kill();
      }
    }
    results.lighthouse = Object.fromEntries(
      Object.entries(runs).map(([p, rs]) => [p, medianRow(rs)]),
    );
    console.log(`  Lighthouse mobile, simulated throttling, median of ${rounds}`);
    console.log(`    ${'page'.padEnd(40)} score   FCP       LCP       TBT      CLS`);
    for (const [p, r] of Object.entries(results.lighthouse)) {
      console.log(
        `    ${p.padEnd(40)} ${String(r.score).padStart(5)}   ${ms(r.fcpMs).padEnd(9)} ${ms(r.lcpMs).padEnd(9)} ${ms(r.tbtMs).padEnd(8)} ${r.cls}`,
      );
    }
  } finally {
    await Promise.all([stop(app), stop(floor)]);
  }
}
