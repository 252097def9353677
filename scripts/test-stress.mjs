#!/usr/bin/env node
// Flake finder: runs the browser suites N times while a busy-loop child process burns one CPU
// core, then prints how often each test passed. Not part of `pnpm test`.
//
//   pnpm test:stress                       5 runs of storybook, e2e and pack, one core busy
//   pnpm test:stress 3 --suites=storybook  3 runs of the Storybook test-runner only
//   pnpm test:stress 5 --no-busy           the same without the busy loop (a baseline)
//   pnpm test:stress 5 --suites=storybook -- ConfirmDialog   extra args go to test-storybook
//
// Suites (each built once, then run N times against that one build):
//   storybook  the Storybook test-runner (scripts/storybook-test.mjs, CI=true so no baseline is
//              ever written) against ONE static build in a temp folder;
//   e2e        the Playwright journeys (e2e/) on a free port, each run on a fresh PGlite database;
//   pack       the packed-@vetted/ui test (packages/ui/test/pack.test.ts).
// Runs are bounded: a suite run still going after --timeout minutes (default 40) is interrupted
// (what ran is still reported) and counted as failed. Every run's JSON report and log stay in the printed folder.
// The exit code is 0 only when every run of every suite was green.
import { spawn } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules/.bin', name);

const argv = process.argv.slice(2);
const dashdash = argv.indexOf('--');
const own = dashdash >= 0 ? argv.slice(0, dashdash) : argv;
const passThrough = dashdash >= 0 ? argv.slice(dashdash + 1) : [];
const option = (name, fallback) => {
  const hit = own.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : fallback;
};
const runs = Number(own.find((a) => /^\d+$/.test(a)) ?? 5);
const suites = option('suites', 'storybook,e2e,pack').split(',').filter(Boolean);
const busy = !own.includes('--no-busy');
const timeoutMs = Number(option('timeout', '40')) * 60_000;
const known = new Set(['storybook', 'e2e', 'pack']);
if (!Number.isInteger(runs) || runs < 1 || suites.some((s) => !known.has(s))) {
  console.error(
    'usage: test-stress.mjs [N] [--suites=storybook,e2e,pack] [--no-busy] [--timeout=min]',
  );
  process.exit(2);
}

const work = mkdtempSync(join(tmpdir(), 'vetted-stress-'));
const children = new Set();
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const log = (message) =>
  console.log(`[stress ${new Date().toISOString().slice(11, 19)}] ${message}`);

/** Runs a command in its own process group; resolves with its exit code (null after a timeout). */
function run(command, args, { cwd = root, env = {}, stdout, stderr, limit = timeoutMs } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', stdout ? 'pipe' : 'inherit', stderr ? 'pipe' : 'inherit'],
      detached: true,
    });
    children.add(child);
    if (stdout) child.stdout.pipe(stdout);
    if (stderr) child.stderr.pipe(stderr);
    let timedOut = false;
    let hardStop;
    const timer = setTimeout(() => {
      timedOut = true;
      log(`${command} still running after ${limit / 60_000} min: stopping it`);
      // SIGINT first: Playwright and jest then still write the report of what ran.
      kill(child, 'SIGINT');
      hardStop = setTimeout(() => kill(child), 60_000);
    }, limit);
    child.on('error', (error) => {
      log(`${command}: ${error.message}`);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      clearTimeout(hardStop);
      children.delete(child);
      resolve(timedOut ? null : (code ?? 1));
    });
  });
}

function kill(child, signal = 'SIGKILL') {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Writes both streams of a run into one log file; returns the stream and a closed promise. */
function logFile(path) {
  const stream = createWriteStream(path);
  return { stream, closed: () => new Promise((r) => stream.end(r)) };
}

const firstLine = (text) =>
  stripVTControlCharacters(text ?? '')
    .split('\n')
    .map((l) => l.trim())
    .find(Boolean) ?? '';

/**
 * Per suite: how it is prepared once, how one run is started, and how its report becomes
 * `{ name, ok, message }` results. A run that produced no report counts as one failed
 * pseudo-test `<suite>: run crashed` so it shows up in the table.
 */
const SUITES = {
  storybook: {
    async prepare() {
      const dir = join(work, 'storybook-static');
      log('storybook: building Storybook once');
      const code = await run(bin('storybook'), ['build', '-o', dir, '--quiet'], {
        stdout: process.stderr,
      });
      if (code !== 0) throw new Error('storybook build failed');
      return { dir };
    },
    async once(ctx, i) {
      const report = join(work, `storybook-${i}.json`);
      const out = logFile(report);
      const err = logFile(join(work, `storybook-${i}.log`));
      const code = await run(
        process.execPath,
        [
          join(root, 'scripts/storybook-test.mjs'),
          '--static-dir',
          ctx.dir,
          '--',
          '--json',
          ...passThrough,
        ],
        { env: { CI: 'true' }, stdout: out.stream, stderr: err.stream },
      );
      await Promise.all([out.closed(), err.closed()]);
      const text = readFileSync(report, 'utf8');
      const line = text.split('\n').find((l) => l.startsWith('{"'));
      if (!line) return { code, results: [] };
      const json = JSON.parse(line);
      const results = json.testResults.flatMap((file) => {
        const tests = file.assertionResults.map((a) => ({
          name: a.fullName,
          ok: a.status === 'passed',
          message: firstLine(a.failureMessages?.join('\n')),
        }));
        // A file that failed before its tests ran (page crash, timeout in beforeAll).
        if (tests.length === 0 && file.status === 'failed') {
          tests.push({ name: file.name, ok: false, message: firstLine(file.message) });
        }
        return tests;
      });
      return { code, results };
    },
  },
  e2e: {
    async prepare() {
      log('e2e: building the API and the web app once');
      const code = await run(bin('turbo'), [
        'run',
        'build',
        '--filter=@vetted/e2e^...',
        '--output-logs=errors-only',
      ]);
      if (code !== 0) throw new Error('e2e build failed');
      return {};
    },
    async once(_ctx, i) {
      const report = join(work, `e2e-${i}.json`);
      const err = logFile(join(work, `e2e-${i}.log`));
      const dataDir = join(work, `e2e-data-${i}`);
      mkdirSync(dataDir);
      const code = await run(
        join(root, 'e2e/node_modules/.bin/playwright'),
        // Artifacts (traces, screenshots) in the run's own folder: Playwright empties its output
        // folder when it starts, so a shared e2e/artifacts/ let a second run that started meanwhile
        // delete the traces of a run in flight (seen as "ENOENT … copyfile …/traces/…").
        ['test', '--reporter=line,json', '--output', join(work, `e2e-output-${i}`)],
        {
          cwd: join(root, 'e2e'),
          env: {
            E2E_PORT: String(await freePort()),
            E2E_DATA_DIR: dataDir,
            PLAYWRIGHT_JSON_OUTPUT_NAME: report,
            CI: 'true',
          },
          stdout: err.stream,
          stderr: err.stream,
        },
      );
      await err.closed();
      rmSync(dataDir, { recursive: true, force: true });
      if (!existsSync(report)) return { code, results: [] };
      const json = JSON.parse(readFileSync(report, 'utf8'));
      const results = [];
      const walk = (suite, path) => {
        const here = suite.title ? [...path, suite.title] : path;
        for (const spec of suite.specs ?? []) {
          for (const test of spec.tests) {
            const last = test.results.at(-1);
            results.push({
              name: [...here, spec.title].join(' › '),
              ok: test.status === 'expected' || test.status === 'flaky',
              message: firstLine(last?.error?.message),
            });
          }
        }
        for (const child of suite.suites ?? []) walk(child, here);
      };
      for (const suite of json.suites) walk(suite, []);
      for (const error of json.errors ?? []) {
        results.push({ name: 'e2e: global error', ok: false, message: firstLine(error.message) });
      }
      return { code, results };
    },
  },
  pack: {
    async prepare() {
      return {};
    },
    async once(_ctx, i) {
      const report = join(work, `pack-${i}.json`);
      const err = logFile(join(work, `pack-${i}.log`));
      const code = await run(
        join(root, 'packages/ui/node_modules/.bin/vitest'),
        ['run', 'test/pack.test.ts', '--reporter=json', `--outputFile=${report}`],
        { cwd: join(root, 'packages/ui'), stdout: err.stream, stderr: err.stream },
      );
      await err.closed();
      if (!existsSync(report)) return { code, results: [] };
      const json = JSON.parse(readFileSync(report, 'utf8'));
      const results = json.testResults.flatMap((file) =>
        file.assertionResults.length > 0
          ? file.assertionResults.map((a) => ({
              name: a.fullName,
              ok: a.status === 'passed',
              message: firstLine(a.failureMessages?.join('\n')),
            }))
          : [{ name: file.name, ok: false, message: firstLine(file.message) }],
      );
      return { code, results };
    },
  },
};

let burner;
function stopAll() {
  if (burner) kill(burner);
  for (const child of children) kill(child);
}
process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});
process.on('SIGTERM', () => {
  stopAll();
  process.exit(143);
});

log(`${runs} run(s) of ${suites.join(', ')}; ${cpus().length} CPU(s); load before: ${load()}`);
log(`reports and logs: ${work}`);

const prepared = {};
for (const suite of suites) prepared[suite] = await SUITES[suite].prepare();

if (busy) {
  // One core stays at 100% for the whole stress run (the "busy CI machine").
  // It checks now and then that this script is still alive, so it never outlives it.
  const loop = `const parent = ${process.pid};
    for (let i = 1; ; i++) {
      if (i % 50_000_000 === 0) {
        try { process.kill(parent, 0); } catch { process.exit(0); }
      }
    }`;
  burner = spawn(process.execPath, ['-e', loop], { stdio: 'ignore', detached: true });
  log(`busy loop started (pid ${burner.pid})`);
}

/** name → { suite, pass, fail, messages } */
const table = new Map();
const runSummary = [];
const started = Date.now();
try {
  for (let i = 1; i <= runs; i++) {
    for (const suite of suites) {
      const t0 = Date.now();
      const { code, results } = await SUITES[suite].once(prepared[suite], i);
      if (code === null || results.length === 0 || (code !== 0 && results.every((r) => r.ok))) {
        results.push({
          name: `${suite}: run`,
          ok: false,
          message: code === null ? 'timed out' : `exited ${code} (see the log)`,
        });
      }
      for (const r of results) {
        const key = `${suite}\u0000${r.name}`;
        const row = table.get(key) ?? { suite, name: r.name, pass: 0, fail: 0, messages: [] };
        if (r.ok) row.pass++;
        else {
          row.fail++;
          row.messages.push(`run ${i}: ${r.message}`);
        }
        table.set(key, row);
      }
      const failed = results.filter((r) => !r.ok).length;
      const seconds = Math.round((Date.now() - t0) / 1000);
      runSummary.push({ suite, i, failed, total: results.length, seconds, load: load() });
      log(
        `${suite} run ${i}/${runs}: ${failed === 0 ? 'GREEN' : `${failed} failed`} of ${results.length} in ${seconds}s (load ${load()})`,
      );
    }
  }
} finally {
  stopAll();
  rmSync(join(work, 'storybook-static'), { recursive: true, force: true });
}

const rows = [...table.values()].sort(
  (a, b) => b.fail - a.fail || a.suite.localeCompare(b.suite) || a.name.localeCompare(b.name),
);
console.log('\nPer test (failing first):');
console.log('suite      pass/runs  test');
for (const row of rows) {
  const seen = row.pass + row.fail;
  console.log(`${row.suite.padEnd(10)} ${`${row.pass}/${seen}`.padStart(9)}  ${row.name}`);
  for (const message of row.messages) console.log(`${' '.repeat(22)}${message.slice(0, 240)}`);
}
console.log('\nTotals:');
for (const suite of suites) {
  const mine = runSummary.filter((r) => r.suite === suite);
  const green = mine.filter((r) => r.failed === 0).length;
  const tests = rows.filter((r) => r.suite === suite);
  const flaky = tests.filter((r) => r.fail > 0 && r.pass > 0).length;
  const broken = tests.filter((r) => r.fail > 0 && r.pass === 0).length;
  const times = mine.map((r) => `${r.seconds}s`).join(', ');
  console.log(
    `  ${suite}: ${green}/${mine.length} runs green; ${tests.length} tests, ${flaky} flaky, ${broken} failing every run; run times ${times}`,
  );
}
console.log(
  `  busy loop: ${busy ? 'one core' : 'off'}; load average at the end: ${load()}; ${Math.round((Date.now() - started) / 1000)}s in all`,
);
console.log(`  reports: ${work}`);
process.exit(runSummary.every((r) => r.failed === 0) ? 0 : 1);
