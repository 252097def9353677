import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { avatarSvg, seedAvatar } from '../src/db/seed-avatars';
import { CATEGORY_SEEDS } from '../src/db/seed-data/categories';
import {
  charUnits,
  ILLUSTRATION_HEIGHT,
  ILLUSTRATION_VARIANTS,
  ILLUSTRATION_WIDTH,
  IllustrationRenderer,
  illustrationSvg,
  lucideIconElements,
  TITLE_BOXES,
  TITLE_FONT_SIZES,
  wrapTitle,
} from '../src/db/seed-illustrations';
import { LocalDiskStorage } from '../src/services/storage';

/** Width (px) Pango gives `line` in DejaVu Sans Bold at `size` px: what librsvg draws. */
async function measured(line: string, size: number): Promise<number> {
  const markup = line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const { info } = await sharp({
    text: { text: markup, font: `DejaVu Sans Bold ${size}`, dpi: 72 },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return info.width;
}

describe('wrapTitle', () => {
  it('keeps a short title on one line at the largest size', () => {
    expect(wrapTitle('Nail clip', 1000, 3)).toEqual({
      lines: ['Nail clip'],
      fontSize: TITLE_FONT_SIZES[0],
      charsPerLine: 18,
    });
  });

  it('wraps by words and shrinks the font until the title fits the lines allowed', () => {
    const title = 'Skirting & architrave fitting with a very long extra description';
    const wrapped = wrapTitle(title, 540, 4);
    expect(wrapped.fontSize).toBeLessThan(TITLE_FONT_SIZES[0]);
    expect(wrapped.lines.length).toBeLessThanOrEqual(4);
    expect(wrapped.lines.join(' ')).toBe(title);
    for (const line of wrapped.lines) {
      expect(charUnits(line)).toBeLessThanOrEqual(wrapped.charsPerLine);
    }
    // One size up would not have fitted.
    const bigger = TITLE_FONT_SIZES[TITLE_FONT_SIZES.indexOf(wrapped.fontSize as never) - 1]!;
    expect(wrapTitle(title.split(' ').slice(0, 1).join(' '), 540, 4).fontSize).toBe(
      TITLE_FONT_SIZES[0],
    );
    expect(bigger).toBeGreaterThan(wrapped.fontSize);
  });

  it('breaks a word longer than a line with a hyphen, and shortens what cannot fit with "…"', () => {
    const word = wrapTitle('Supercalifragilisticexpialidociousness cleaning', 540, 4);
    expect(word.fontSize).toBe(TITLE_FONT_SIZES.at(-1));
    expect(word.lines[0]!.endsWith('-')).toBe(true);
    for (const line of word.lines) expect(charUnits(line)).toBeLessThanOrEqual(word.charsPerLine);

    const long = wrapTitle(Array.from({ length: 40 }, () => 'clean').join(' '), 1000, 3);
    expect(long.lines).toHaveLength(3);
    expect(long.lines[2]!.endsWith('…')).toBe(true);
    for (const line of long.lines) expect(charUnits(line)).toBeLessThanOrEqual(long.charsPerLine);
  });

  it('never draws a seeded title wider than its box (measured by Pango, as librsvg renders it)', async () => {
    const titles = [
      ...CATEGORY_SEEDS.flatMap((c) => c.services.map((s) => s.title)),
      // The longest a vendor may type (contract: 80 characters), and capitals, the widest.
      'WWW '.repeat(20).trim(),
      'EMERGENCY LOCKOUT AND BROKEN KEY EXTRACTION',
      'mmmm '.repeat(12).trim(),
      'Carpet, upholstery & mattress deep clean with stain protection for the whole home',
    ];
    for (const title of titles) {
      for (const box of TITLE_BOXES) {
        const wrapped = wrapTitle(title, box.width, box.maxLines);
        expect(wrapped.lines.length).toBeLessThanOrEqual(box.maxLines);
        for (const line of wrapped.lines) {
          const width = await measured(line, wrapped.fontSize);
          expect(width, `"${line}" at ${wrapped.fontSize}px in ${box.width}`).toBeLessThanOrEqual(
            box.width,
          );
        }
      }
    }
  }, 60_000);
});

describe('illustrationSvg', () => {
  it("draws every category's own lucide icon (none falls back)", () => {
    const fallback = lucideIconElements('no-such-icon');
    for (const c of CATEGORY_SEEDS) {
      const icon = lucideIconElements(c.icon);
      expect(icon, c.icon).toMatch(
        /^(<(path|circle|rect|line|polyline|ellipse|polygon) [^>]+\/>)+$/,
      );
      expect(icon, c.icon).not.toBe(fallback);
    }
  });

  it('gives each variant a different picture of the same title, and renders as an image', async () => {
    const category = CATEGORY_SEEDS[0]!;
    const svgs = Array.from({ length: ILLUSTRATION_VARIANTS }, (_, v) =>
      illustrationSvg(category, 'Leak detection & repair', v),
    );
    expect(new Set(svgs).size).toBe(ILLUSTRATION_VARIANTS);
    for (const svg of svgs) {
      expect(svg).toContain('&#38;');
      expect(svg).toContain('repair</tspan>');
      const meta = await sharp(Buffer.from(svg)).metadata();
      expect([meta.width, meta.height]).toEqual([ILLUSTRATION_WIDTH, ILLUSTRATION_HEIGHT]);
    }
    // The same inputs give the same SVG (so the same storage key).
    expect(illustrationSvg(category, 'Leak detection & repair', 1)).toBe(svgs[1]);
  });
});

describe('IllustrationRenderer', () => {
  it('renders identical inputs once, and nothing again when the files are stored', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vetted-illustrations-'));
    const category = CATEGORY_SEEDS[1]!;
    const first = new IllustrationRenderer(new LocalDiskStorage(dir));
    const a = first.gallery(illustrationSvg(category, 'Fault finding', 0));
    const b = first.gallery(illustrationSvg(category, 'Fault finding', 0));
    const c = first.gallery(illustrationSvg(category, 'Fault finding', 1));
    const avatar = seedAvatar(first, '0193a6f0-0000-7000-8000-000000000001');
    expect(a).toEqual(b);
    expect(c.key).not.toBe(a.key);
    expect(await first.done()).toBe(3);
    expect(readdirSync(join(dir, 'seed/services')).sort()).toEqual(
      [a.key, `${a.key}.thumb.webp`, c.key, `${c.key}.thumb.webp`]
        .map((k) => k.replace('seed/services/', ''))
        .sort(),
    );
    const avatarFile = await sharp(join(dir, avatar)).metadata();
    expect([avatarFile.format, avatarFile.width, avatarFile.height]).toEqual(['webp', 256, 256]);

    const again = new IllustrationRenderer(new LocalDiskStorage(dir));
    again.gallery(illustrationSvg(category, 'Fault finding', 0));
    seedAvatar(again, '0193a6f0-0000-7000-8000-000000000001');
    expect(await again.done()).toBe(0);
  });

  it('rejects with the first failing job', async () => {
    const renderer = new IllustrationRenderer(
      new LocalDiskStorage(mkdtempSync(join(tmpdir(), 'vetted-illustrations-'))),
    );
    renderer.file('broken.bin', async () => Promise.reject(new Error('render failed')), 'x');
    await expect(renderer.done()).rejects.toThrow('render failed');
  });

  it('draws different people differently', () => {
    expect(avatarSvg('a')).not.toBe(avatarSvg('b'));
    expect(avatarSvg('a')).toBe(avatarSvg('a'));
  });
});
