#!/usr/bin/env node
/**
 * The import rules of .dependency-cruiser.cjs over the source trees, against the checked-in list
 * of known violations (.dependency-cruiser-known-violations.json, depcruise's own baseline
 * format, so `depcruise … --ignore-known` reads it too).
 *
 *   node scripts/check-deps.mjs            fails on a violation not in the list, and on a listed
 *                                          one that is gone (the list only shrinks: regenerate it)
 *   node scripts/check-deps.mjs --update   rewrites the list from today's tree
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const knownFile = join(root, '.dependency-cruiser-known-violations.json');
/** The trees the rules cover: the apps' sources and the packages' sources. */
const cruised = [
  'apps/api/src',
  'apps/web/src',
  'packages/api-client/src',
  'packages/contract/src',
  'packages/session/src',
  'packages/ui/src',
];

/** Today's violations, in depcruise's baseline format. */
function currentViolations() {
  const bin = join(root, 'node_modules/.bin/depcruise');
  const result = spawnSync(
    bin,
    [...cruised, '--config', '.dependency-cruiser.cjs', '--output-type', 'baseline'],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.error) throw result.error;
  try {
    return JSON.parse(result.stdout);
  } catch {
    process.stderr.write(result.stderr);
    throw new Error('dependency-cruiser gave no report (see above)');
  }
}

/** One line per violation: its rule, its import, and the modules of a cycle. */
function describe(v) {
  const cycle = v.cycle ? ` (cycle: ${v.cycle.map((c) => c.name ?? c).join(' → ')})` : '';
  return `${v.rule.name}: ${v.from} → ${v.to}${cycle}`;
}

const current = currentViolations();
if (process.argv.includes('--update')) {
  writeFileSync(knownFile, `${JSON.stringify(current, null, 2)}\n`);
  // In the formatting `biome check` (part of `pnpm lint`) expects of a JSON file.
  spawnSync(join(root, 'node_modules/.bin/biome'), ['format', '--write', knownFile], { cwd: root });
  console.log(`check-deps: ${current.length} known violations written to ${knownFile}`);
  process.exit(0);
}

const known = existsSync(knownFile) ? JSON.parse(readFileSync(knownFile, 'utf8')) : [];
const knownKeys = new Set(known.map(describe));
const currentKeys = new Set(current.map(describe));
const added = [...currentKeys].filter((k) => !knownKeys.has(k));
const gone = [...knownKeys].filter((k) => !currentKeys.has(k));

for (const line of added) console.error(`  new violation  ${line}`);
for (const line of gone) console.error(`  fixed (in the baseline)  ${line}`);
if (added.length > 0) {
  console.error(
    `check-deps: ${added.length} new import-rule violation(s); see the rule comments in .dependency-cruiser.cjs.`,
  );
}
if (gone.length > 0) {
  console.error(
    `check-deps: ${gone.length} known violation(s) no longer occur: run \`pnpm lint:baseline\` so the baseline shrinks.`,
  );
}
if (added.length > 0 || gone.length > 0) process.exit(1);
console.log(`check-deps: no new import-rule violations (${known.length} known).`);
