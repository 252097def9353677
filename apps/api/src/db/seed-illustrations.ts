/**
 * Generated gallery illustrations of seeded services ("Seed that looks real"): the
 * category's lucide icon, large, on a soft background in the category's colours, with the
 * service's title wrapped by words (never clipped: the font shrinks for long titles). Three
 * compositions ({@link ILLUSTRATION_VARIANTS}) give a service 1–3 different pictures.
 *
 * Pure SVG building here; {@link IllustrationRenderer} rasterises an SVG once per content
 * (SVG → PNG with sharp, then the upload pipeline `processImage` → WebP + thumbnail) and stores
 * it under a content-derived key, so identical inputs are rendered once per seed and never
 * again while the file is in storage.
 */
import { createHash } from 'node:crypto';
import { type IconNode, icons } from 'lucide';
import sharp from 'sharp';
import { processImage, putProcessedImage } from '../services/images';
import type { Storage } from '../services/storage';
import type { CategorySeed } from './seed-data/categories';

/**
 * Size of a generated illustration, px (3:2, like a phone photo; the thumbnail is 480 wide). The
 * SVG is drawn on a 1200 × 800 grid and rendered at this size: 960 px keeps seeding fast
 * (a 1200 px render costs ~1.6× as much) and is as large as the gallery shows it.
 */
export const ILLUSTRATION_WIDTH = 960;
export const ILLUSTRATION_HEIGHT = 640;
/** Compositions of {@link illustrationSvg}: 0 soft and centred, 1 split, 2 deep gradient. */
export const ILLUSTRATION_VARIANTS = 3;

/** Font of the titles: DejaVu Sans ships with fontconfig on Debian (librsvg renders it). */
const FONT_FAMILY = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';
/**
 * Advance width of an average character of DejaVu Sans Bold, in em, rounded UP: mixed lower-case
 * text with its spaces averages ~0.58 em; 0.66 keeps a line inside its box (checked against
 * Pango's measurement of every seeded title in test/seed-illustrations.test.ts). Wider letters
 * count for more, see {@link charUnits}.
 */
export const CHAR_WIDTH_EM = 0.66;

/**
 * Length of `text` in "average characters" of {@link CHAR_WIDTH_EM}: capitals and `&` count
 * 1.35 (DejaVu Sans Bold draws them up to 0.87 em wide), `W`, `M` and `m` 1.7 (up to 1.1 em),
 * anything else 1. Conservative, so all-capital titles fit too.
 */
export function charUnits(text: string): number {
  let units = 0;
  for (const c of text) {
    if (c === 'W' || c === 'M' || c === 'm') units += 1.7;
    else if ((c >= 'A' && c <= 'Z') || c === '&' || c === '%' || c === '@') units += 1.35;
    else units += 1;
  }
  return units;
}
/** Title font sizes tried, largest first (units of the 1200 × 800 drawing grid). */
export const TITLE_FONT_SIZES = [80, 72, 64, 56, 50, 44, 40] as const;

/** A title broken into lines at one font size. */
export interface WrappedTitle {
  lines: string[];
  /** px */
  fontSize: number;
  /** Most characters a line may hold at this size in the box (see {@link CHAR_WIDTH_EM}). */
  charsPerLine: number;
}

/**
 * Greedy word wrap of `words` into lines of at most `max` {@link charUnits}; null when a word is
 * longer than a line.
 */
function wrapWords(words: string[], max: number): string[] | null {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (charUnits(word) > max) return null;
    if (!line) line = word;
    else if (charUnits(`${line} ${word}`) <= max) line = `${line} ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** `word` cut into pieces of at most `max` {@link charUnits}, each but the last ending in "-". */
function breakWord(word: string, max: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const c of word) {
    if (piece && charUnits(`${piece}${c}-`) > max) {
      pieces.push(`${piece}-`);
      piece = '';
    }
    piece += c;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/** `line` shortened to end in "…" within `max` {@link charUnits}. */
function ellipsis(line: string, max: number): string {
  let out = line;
  while (out && charUnits(`${out}…`) > max) out = out.slice(0, -1);
  return `${out.trimEnd()}…`;
}

/**
 * Wraps `title` by words to fit a box `width` px wide in at most `maxLines` lines: the largest of
 * {@link TITLE_FONT_SIZES} whose lines all hold at most `width / (size × CHAR_WIDTH_EM)`
 * characters ({@link charUnits}). Titles that fit no size (a very long word, or very long text)
 * get the smallest size, words longer than a line broken with a hyphen, and the last line
 * ending in "…": text is shortened, never drawn outside the box.
 */
export function wrapTitle(title: string, width: number, maxLines: number): WrappedTitle {
  const words = title.trim().split(/\s+/).filter(Boolean);
  for (const fontSize of TITLE_FONT_SIZES) {
    const charsPerLine = Math.floor(width / (fontSize * CHAR_WIDTH_EM));
    const lines = wrapWords(words, charsPerLine);
    if (lines && lines.length <= maxLines) return { lines, fontSize, charsPerLine };
  }
  const fontSize = TITLE_FONT_SIZES[TITLE_FONT_SIZES.length - 1]!;
  const charsPerLine = Math.floor(width / (fontSize * CHAR_WIDTH_EM));
  const pieces = words.flatMap((word) => breakWord(word, charsPerLine));
  const lines = wrapWords(pieces, charsPerLine) ?? [];
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = ellipsis(lines[maxLines - 1]!, charsPerLine);
  }
  return { lines, fontSize, charsPerLine };
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `#rrggbb` colour `a` mixed with `b`: `amount` 0 keeps `a`, 1 gives `b`. */
function mix(a: string, b: string, amount: number): string {
  const x = Number.parseInt(a.slice(1), 16);
  const y = Number.parseInt(b.slice(1), 16);
  const channel = (shift: number) => {
    const from = (x >> shift) & 255;
    const to = (y >> shift) & 255;
    return Math.round(from + (to - from) * amount)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

/** `#rrggbb` mixed with white: `amount` 0 keeps the colour, 1 gives white. */
const tint = (hex: string, amount: number) => mix(hex, '#ffffff', amount);

/** `washing-machine` → `WashingMachine`, the key of lucide's `icons`. */
function pascalCase(name: string): string {
  return name.replace(/(^|-)([a-z0-9])/g, (_, _dash: string, c: string) => c.toUpperCase());
}

/**
 * The lucide icon named `name` (kebab case, as in `categories.icon`) as SVG elements on its
 * 24 × 24 grid; lucide's `badge-check` when the name is unknown.
 */
export function lucideIconElements(name: string): string {
  const node: IconNode = (icons as Record<string, IconNode>)[pascalCase(name)] ?? icons.BadgeCheck;
  return node
    .map(([tag, attrs]) => {
      const list = Object.entries(attrs ?? {})
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => `${key}="${escapeXml(String(value))}"`)
        .join(' ');
      return `<${tag} ${list}/>`;
    })
    .join('');
}

/** The icon drawn `size` px wide at (`x`, `y`) (top left), stroked in `color`. */
function icon(name: string, x: number, y: number, size: number, color: string, width = 1.6) {
  const scale = size / 24;
  return `<g transform="translate(${x} ${y}) scale(${scale})" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round">${lucideIconElements(name)}</g>`;
}

/** `<text>` of wrapped lines, the first baseline at `y`, each 1.18 × the size below. */
function titleText(
  wrapped: WrappedTitle,
  x: number,
  y: number,
  anchor: 'middle' | 'start',
  color: string,
): string {
  const lineHeight = Math.round(wrapped.fontSize * 1.18);
  const spans = wrapped.lines
    .map((line, i) => `<tspan x="${x}" dy="${i === 0 ? 0 : lineHeight}">${escapeXml(line)}</tspan>`)
    .join('');
  return `<text x="${x}" y="${y}" text-anchor="${anchor}" font-family="${FONT_FAMILY}" font-size="${wrapped.fontSize}" font-weight="700" fill="${color}">${spans}</text>`;
}

/** Height of a wrapped title block, px (cap height of the first line to the last baseline + descent). */
function blockHeight(wrapped: WrappedTitle): number {
  return Math.round(wrapped.fontSize * (0.95 + 1.18 * (wrapped.lines.length - 1)));
}

/** Where the title of a variant goes: its box width and how many lines it may take. */
export const TITLE_BOXES: ReadonlyArray<{ width: number; maxLines: number }> = [
  { width: 1000, maxLines: 3 },
  { width: 540, maxLines: 4 },
  { width: 1000, maxLines: 3 },
];

/**
 * The SVG (1200 × 800 user units, {@link ILLUSTRATION_WIDTH} × {@link ILLUSTRATION_HEIGHT}
 * px) of a service illustration: `variant` (0 … {@link ILLUSTRATION_VARIANTS} − 1) picks the
 * composition. Deterministic: the same inputs give the same text.
 */
export function illustrationSvg(category: CategorySeed, title: string, variant: number): string {
  const [from, to] = category.colors;
  const v = ((variant % ILLUSTRATION_VARIANTS) + ILLUSTRATION_VARIANTS) % ILLUSTRATION_VARIANTS;
  const box = TITLE_BOXES[v]!;
  const wrapped = wrapTitle(title, box.width, box.maxLines);
  const label = escapeXml(category.name.toUpperCase());
  const labelText = (x: number, y: number, anchor: string, color: string) =>
    `<text x="${x}" y="${y}" text-anchor="${anchor}" font-family="${FONT_FAMILY}" font-size="28" font-weight="700" letter-spacing="5" fill="${color}">${label}</text>`;
  let body: string;
  if (v === 0) {
    // Soft and centred: the icon on a white tile above the title.
    const tile = 250;
    const gap = 60;
    const height = tile + gap + blockHeight(wrapped);
    const top = Math.round((800 - height) / 2) - 10;
    const firstBaseline = top + tile + gap + Math.round(wrapped.fontSize * 0.95);
    body = `<rect width="1200" height="800" fill="${tint(from, 0.86)}"/>
  <circle cx="1080" cy="120" r="260" fill="${tint(from, 0.74)}" fill-opacity="0.55"/>
  <circle cx="110" cy="720" r="210" fill="${tint(from, 0.74)}" fill-opacity="0.45"/>
  <rect x="${600 - tile / 2}" y="${top}" width="${tile}" height="${tile}" rx="52" fill="#fff"/>
  ${icon(category.icon, 600 - 84, top + tile / 2 - 84, 168, from, 1.6)}
  ${titleText(wrapped, 600, firstBaseline, 'middle', to)}
  ${labelText(600, 752, 'middle', tint(to, 0.25))}`;
  } else if (v === 1) {
    // Split: a large icon in a circle on the left, the title on the right.
    const height = blockHeight(wrapped);
    const firstBaseline = Math.round((800 - height) / 2 + wrapped.fontSize * 0.95);
    body = `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${tint(from, 0.9)}"/><stop offset="1" stop-color="${tint(from, 0.72)}"/></linearGradient></defs>
  <rect width="1200" height="800" fill="url(#bg)"/>
  <circle cx="300" cy="400" r="220" fill="#fff" fill-opacity="0.9"/>
  <circle cx="300" cy="400" r="262" fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="10"/>
  ${icon(category.icon, 300 - 120, 400 - 120, 240, to, 1.5)}
  ${titleText(wrapped, 600, firstBaseline, 'start', to)}
  ${labelText(600, firstBaseline - wrapped.fontSize - 28, 'start', tint(to, 0.3))}`;
  } else {
    // Deep gradient: a big white icon, a faint echo of it, the title in white.
    const size = 190;
    const gap = 56;
    const height = size + gap + blockHeight(wrapped);
    const top = Math.round((800 - height) / 2) - 10;
    const firstBaseline = top + size + gap + Math.round(wrapped.fontSize * 0.95);
    body = `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${mix(from, to, 0.35)}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="1200" height="800" fill="url(#bg)"/>
  ${icon(category.icon, 760, -60, 560, '#fff', 1.2).replace('<g ', '<g opacity="0.10" ')}
  ${icon(category.icon, 600 - size / 2, top, size, '#fff', 1.6)}
  ${titleText(wrapped, 600, firstBaseline, 'middle', '#fff')}
  ${labelText(600, 752, 'middle', tint(from, 0.65))}`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ILLUSTRATION_WIDTH}" height="${ILLUSTRATION_HEIGHT}" viewBox="0 0 1200 800">
  ${body}
</svg>`;
}

/** Alt text of an illustration: what it shows ("good alt text"). */
export function illustrationAlt(category: CategorySeed, title: string): string {
  return `${title}: ${category.name.toLowerCase()} illustration with the service name`;
}

/** A stored illustration. */
export interface Illustration {
  /** Storage key of the full-size WebP (`seed/services/<content hash>.webp`). */
  key: string;
  width: number;
  height: number;
}

/**
 * Renders files into storage once per key, a few at a time. {@link IllustrationRenderer.gallery}
 * and {@link IllustrationRenderer.file} answer the storage key at once (it is derived from the
 * content) and queue the work; after {@link IllustrationRenderer.start} queued work runs at once,
 * alongside whatever the caller does next (sharp works on libuv's threads). A key already in
 * storage is kept (same key, same content). Used by the seed for gallery illustrations, avatars
 * and vetting documents.
 */
export class IllustrationRenderer {
  private readonly keys = new Set<string>();
  private readonly queue: Array<() => Promise<boolean>> = [];
  private readonly workers = new Set<Promise<void>>();
  private concurrency = 0;
  private written = 0;
  private failure: { error: unknown } | null = null;

  constructor(private readonly storage: Storage) {}

  /** Key of `svg` rendered as a gallery image (full + thumbnail), queued once per content. */
  gallery(svg: string): Illustration {
    const key = `seed/services/${contentHash(svg)}.webp`;
    this.enqueue(key, async () => {
      if ((await this.storage.exists(key)) && (await this.storage.exists(`${key}.thumb.webp`))) {
        return false;
      }
      const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
      await putProcessedImage(this.storage, key, await processImage(png));
      return true;
    });
    return { key, width: ILLUSTRATION_WIDTH, height: ILLUSTRATION_HEIGHT };
  }

  /**
   * Queues `key` to be written with `render()`'s bytes unless it is in storage already (the
   * caller derives `key` from the content or a stable id, so an existing file is the same file).
   */
  file(key: string, render: () => Promise<Buffer>, contentType: string): string {
    this.enqueue(key, async () => {
      if (await this.storage.exists(key)) return false;
      await this.storage.put(key, await render(), contentType);
      return true;
    });
    return key;
  }

  /** Starts rendering with `concurrency` jobs at a time (work queued later starts at once too). */
  start(concurrency = 4): void {
    this.concurrency = Math.max(this.concurrency, concurrency);
    this.pump();
  }

  /**
   * Starts (if not yet) and waits for every queued job; resolves with the number of files
   * written, or rejects with the first job's error (the rest of the queue is dropped).
   */
  async done(): Promise<number> {
    this.start();
    while (this.workers.size > 0) await Promise.all(this.workers);
    if (this.failure) throw this.failure.error;
    return this.written;
  }

  private enqueue(key: string, job: () => Promise<boolean>): void {
    if (this.keys.has(key)) return;
    this.keys.add(key);
    this.queue.push(job);
    this.pump();
  }

  private pump(): void {
    while (this.workers.size < this.concurrency && this.queue.length > 0 && !this.failure) {
      let worker: Promise<void> | undefined;
      worker = (async () => {
        try {
          for (let job = this.queue.shift(); job && !this.failure; job = this.queue.shift()) {
            if (await job()) this.written++;
          }
        } catch (error) {
          this.failure ??= { error };
          this.queue.length = 0;
        } finally {
          if (worker) this.workers.delete(worker);
        }
      })();
      this.workers.add(worker);
    }
  }
}

/** First 20 hex digits of the SHA-256 of `content`: a storage-key-safe content id. */
export function contentHash(content: string | Buffer): string {
  return createHash('sha256').update(content).digest('hex').slice(0, 20);
}
