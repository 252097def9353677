#!/usr/bin/env node
/**
 * Writes the installable app's icons (apps/web/public/icons/*.png, listed in
 * apps/web/public/manifest.webmanifest) from the Vetted mark of apps/web/public/favicon.svg.
 * Run once after the mark changes: `node scripts/generate-app-icons.mjs`; the PNGs are committed.
 *
 * - `icon-<size>.png` ("any"): the mark as it is, a rounded blue square on transparency.
 * - `maskable-<size>.png`: full-bleed blue with the glyph inside the central 80 % circle, the
 *   safe zone Android's masks keep (W3C Web App Manifest, "maskable" purpose).
 * - `apple-touch-icon.png` (180 px, Apple's home-screen size): full-bleed, iOS rounds it itself.
 * Uses sharp (installed in apps/api) to rasterise the SVG.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const sharp = createRequire(join(root, 'apps/api/package.json'))('sharp');
const publicDir = join(root, 'apps/web/public');
const out = join(publicDir, 'icons');

/** The brand blue (spec §9, `--color-primary-500` in packages/ui). */
const BLUE = '#135FE1';
const mark = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');

/** The glyph of favicon.svg (64-unit box) on a full-bleed square, scaled by `scale` about the centre. */
function fullBleed(scale) {
  const offset = (64 * (1 - scale)) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BLUE}"/><g transform="translate(${offset} ${offset}) scale(${scale})"><path d="M17 20l15 26 15-26" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/><circle cx="46" cy="18" r="5" fill="#7FB0FF"/></g></svg>`;
}

const render = (svg, size, file) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(join(out, file));

for (const size of [192, 512]) {
  await render(mark, size, `icon-${size}.png`);
  // The mark spans 14–51 of 64 units: at 0.8 its farthest point stays inside the 40 % radius.
  await render(fullBleed(0.8), size, `maskable-${size}.png`);
}
await render(fullBleed(0.9), 180, 'apple-touch-icon.png');
console.log(`icons written to ${out}`);
