#!/usr/bin/env node
// Runs the Storybook test-runner against a static build:
//   1. builds Storybook when storybook-static/ is missing or `--build` is passed;
//      `--static-dir <dir>` uses another build folder (scripts/test-stress.mjs builds once into
//      a temp folder and reuses it for every run);
//   2. serves it with http-server on a free 127.0.0.1 port;
//   3. runs `test-storybook` (the Chromium scripts/find-chromium.mjs finds, see
//      test-runner-jest.config.js) and exits with its code after stopping the server.
// Extra arguments are passed to test-storybook (e.g. `pnpm storybook:test -- Button`).
//
// What each story gets (.storybook/test-runner.ts): render + play, no console errors, axe in
// light mode (a11y addon, any impact), axe in dark mode (serious/critical), and for a curated set
// of stories (VISUAL_STORIES there) screenshots in light and dark compared with the committed
// baselines in .storybook/__visual__/ (jest-image-snapshot). Failing diffs are written to
// storybook-static/__diff_output__/ (`<id>.<theme>-diff.png` and the received image).
//
// Baselines:
//   - refresh after an intended visual change (rewrites the failing ones, keeps the rest):
//       pnpm storybook:test -- -u          (or --updateSnapshot; add a filter, e.g. `-- -u Button`)
//     then look at the changed PNGs (git diff) and commit them;
//   - a missing baseline is written on a local run, but fails when CI is set: `--ci` is passed to
//     test-storybook then, so jest never writes snapshots in CI.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules/.bin', name);
const args = process.argv.slice(2).filter((a) => a !== '--');
const staticDirAt = args.indexOf('--static-dir');
const staticDir = resolve(root, staticDirAt >= 0 ? args[staticDirAt + 1] : 'storybook-static');
if (staticDirAt >= 0) args.splice(staticDirAt, 2);
const forceBuild = args.includes('--build');
const runnerArgs = args.filter((a) => a !== '--build');
// In CI a missing visual baseline must fail instead of being written.
const ci = Boolean(process.env.CI) && process.env.CI !== 'false' && process.env.CI !== '0';
if (ci && !runnerArgs.includes('--ci')) runnerArgs.push('--ci');

if (forceBuild || !existsSync(join(staticDir, 'index.json'))) {
  console.log('storybook-test: building Storybook…');
  const build = spawnSync(bin('storybook'), ['build', '-o', staticDir, '--quiet'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = await new Promise((resolve, reject) => {
  const srv = createServer();
  srv.once('error', reject);
  srv.listen(0, '127.0.0.1', () => {
    const { port: p } = srv.address();
    srv.close(() => resolve(p));
  });
});

const server = spawn(
  bin('http-server'),
  [staticDir, '-a', '127.0.0.1', '-p', String(port), '-s', '-c-1'],
  // Its own process group: `node_modules/.bin/http-server` is a wrapper whose child is the real
  // server, and killing only the wrapper left that child serving after every run.
  { cwd: root, stdio: 'ignore', detached: true },
);
/** Stops the server and every process of its group. */
function stopServer() {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}
const url = `http://127.0.0.1:${port}`;

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try {
      const res = await fetch(`${url}/index.json`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`storybook-test: server did not start on ${url}`);
}

// Diffs of the previous run would be mistaken for this one's.
rmSync(join(staticDir, '__diff_output__'), { recursive: true, force: true });

let code = 1;
try {
  await waitForServer();
  console.log(`storybook-test: serving ${staticDir} on ${url}`);
  const runner = spawn(
    bin('test-storybook'),
    ['--url', url, '--maxWorkers=2', '--failOnConsole', ...runnerArgs],
    // test-runner.ts writes image diffs under the served folder.
    { cwd: root, stdio: 'inherit', env: { ...process.env, STORYBOOK_STATIC_DIR: staticDir } },
  );
  code = await new Promise((resolve) => runner.on('exit', (c) => resolve(c ?? 1)));
} catch (error) {
  console.error(error);
} finally {
  stopServer();
}
process.exit(code);
