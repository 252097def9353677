// `pnpm bench ui`: size of @vetted/ui's ESM output, whole and per component entry (informational:
// what a consumer's bundler starts from; the page figures are in pages.mjs, as sent).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { kb, root } from './lib.mjs';

const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

/** Relative JS files a built ESM file imports statically (tsup's shared chunks). */
function staticImports(file) {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/(?:from|import)\s*["'](\.\.?\/[^"']+\.js)["']/g)].map((m) =>
    join(dirname(file), m[1]),
  );
}

/** Gzipped bytes of an entry plus every chunk it pulls in (what a bundler would include). */
function entryClosureBytes(entry) {
  const seen = new Set();
  const stack = [entry];
  while (stack.length) {
    const f = stack.pop();
    if (seen.has(f) || !existsSync(f)) continue;
    seen.add(f);
    stack.push(...staticImports(f));
  }
  return [...seen].reduce((sum, f) => sum + gz(f), 0);
}

/** Fills `results.ui` with gzip-9 bytes of the whole package and of each entry with its chunks. */
export function uiSizes(results) {
  const dist = join(root, 'packages/ui/dist');
  if (!existsSync(dist)) {
    console.log('\n== @vetted/ui: not built (pnpm --filter @vetted/ui build); skipped');
    return;
  }
  console.log(
    '\n== @vetted/ui ESM output, gzipped (react, react-dom, radix-ui and other deps external)',
  );
  const files = readdirSync(dist).filter((f) => f.endsWith('.js'));
  const total = files.reduce((sum, f) => sum + gz(join(dist, f)), 0);
  const entries = files
    .filter((f) => !f.startsWith('chunk-'))
    .map((f) => [f.replace(/\.js$/, ''), entryClosureBytes(join(dist, f))])
    .sort((a, b) => b[1] - a[1]);
  results.ui = { totalGzipBytes: total, entries: Object.fromEntries(entries) };
  console.log(`  whole package (${files.length} files)      ${kb(total)}`);
  console.log('  per entry, with the shared chunks it imports:');
  for (const [name, bytes] of entries) console.log(`    ${name.padEnd(28)} ${kb(bytes)}`);
}
