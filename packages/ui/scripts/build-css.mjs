// Builds the CSS shipped in dist/:
//   dist/preset.css — the Tailwind v4 preset (tokens + @source pointing at the built JS), for
//                     apps that run Tailwind themselves;
//   dist/styles.css — compiled, minified CSS for apps that don't.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
mkdirSync(dist, { recursive: true });

// In src/styles the preset scans ../ (src); shipped next to the JS it must scan ./ (dist).
const preset = readFileSync(join(root, 'src/styles/preset.css'), 'utf8');
const shipped = preset.replace('@source "../";', '@source "./";').replace(/^@source not .*\n/m, '');
if (shipped === preset) throw new Error('build-css: @source line in preset.css not found');
writeFileSync(join(dist, 'preset.css'), shipped);

const bin = join(root, 'node_modules/.bin/tailwindcss');
execFileSync(
  bin,
  ['-i', join(root, 'src/styles/standalone.css'), '-o', join(dist, 'styles.css'), '--minify'],
  { cwd: root, stdio: 'inherit' },
);
console.log('build-css: wrote dist/preset.css and dist/styles.css');
