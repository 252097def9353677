import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useRef, useState } from 'react';
import { expect, waitFor } from 'storybook/test';
import { Button } from '../components/button';

/* Foundations: tokens from src/styles/preset.css (spec §9), shown with live values. */

const meta = {
  title: 'Foundations/Tokens',
  parameters: { layout: 'padded' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Resolves any CSS colour (oklch, var(), hex) to sRGB bytes via a 1×1 canvas. */
function toRgb(color: string): [number, number, number] {
  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  ctx.fillStyle = '#000';
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, 1, 1);
  const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
  return [r ?? 0, g ?? 0, b ?? 0];
}

function luminance([r, g, b]: [number, number, number]) {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2 contrast ratio of two CSS colours. */
function contrast(a: string, b: string) {
  const [l1, l2] = [luminance(toRgb(a)), luminance(toRgb(b))].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (l1 + 0.05) / (l2 + 0.05);
}

function cssVar(name: string, el: Element = document.documentElement) {
  return getComputedStyle(el).getPropertyValue(name).trim();
}

/** Whether the preset's stylesheet is applied: its tokens resolve on <html>. */
function presetApplied() {
  return cssVar('--color-primary-500') !== '' && cssVar('--color-fg') !== '';
}

/**
 * Computes from live CSS, again whenever the `dark` class on <html> changes. Stays `null` until
 * the preset's stylesheet is applied (checked each frame), so nothing is computed from unset
 * variables.
 */
function useResolved<T>(compute: () => T): T | null {
  const [value, setValue] = useState<T | null>(null);
  const computeRef = useRef(compute);
  computeRef.current = compute;
  useEffect(() => {
    let frame = 0;
    const run = () => {
      cancelAnimationFrame(frame);
      // Wait a frame so the new theme's variables are applied.
      frame = requestAnimationFrame(() => {
        if (presetApplied()) setValue(computeRef.current());
        else run();
      });
    };
    run();
    const observer = new MutationObserver(run);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);
  return value;
}

const steps = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950] as const;

function Scale({ name }: { name: 'primary' | 'neutral' }) {
  const ref = useRef<HTMLDivElement>(null);
  const values = useResolved(() =>
    steps.map((s) => {
      const v = cssVar(`--color-${name}-${s}`);
      return { s, v, white: contrast(v, '#ffffff'), black: contrast(v, '#000000') };
    }),
  );
  return (
    <div ref={ref} className="grid gap-2">
      <h3 className="text-base font-semibold capitalize">{name}</h3>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-6 lg:grid-cols-11">
        {steps.map((s, i) => {
          const info = values?.[i];
          const onWhite = (info?.white ?? 0) >= (info?.black ?? 0);
          return (
            <figure key={s} className="overflow-hidden rounded-md border border-border text-xs">
              <div
                className="flex h-16 items-end p-2 font-semibold"
                style={{
                  background: `var(--color-${name}-${s})`,
                  color: onWhite ? '#ffffff' : '#000000',
                }}
              >
                {s}
              </div>
              <figcaption className="grid gap-0.5 bg-surface p-2 text-fg">
                <code className="truncate">{info?.v ?? '…'}</code>
                <span>
                  {onWhite ? 'white' : 'black'} text{' '}
                  {info ? (onWhite ? info.white : info.black).toFixed(2) : '…'}:1
                </span>
              </figcaption>
            </figure>
          );
        })}
      </div>
    </div>
  );
}

const pairs: Array<[string, string, number]> = [
  ['fg', 'surface', 7],
  ['muted', 'surface', 4.5],
  ['muted', 'surface-muted', 4.5],
  ['link', 'surface', 4.5],
  ['primary-fg', 'primary', 4.5],
  ['success', 'success-soft', 4.5],
  ['warning', 'warning-soft', 4.5],
  ['danger', 'danger-soft', 4.5],
  ['info', 'info-soft', 4.5],
  ['danger-fg', 'danger', 4.5],
  ['success-fg', 'success', 4.5],
];

function SemanticPairs() {
  const ref = useRef<HTMLTableElement>(null);
  const values = useResolved(() =>
    pairs.map(([fg, bg]) => {
      const el = ref.current ?? document.documentElement;
      return contrast(cssVar(`--color-${fg}`, el), cssVar(`--color-${bg}`, el));
    }),
  );
  return (
    <table ref={ref} className="w-full max-w-2xl border-collapse text-sm">
      <caption className="mb-2 text-left font-semibold">Semantic pairs (WCAG contrast)</caption>
      <thead>
        <tr className="border-b border-border text-left">
          <th className="py-2">Sample</th>
          <th>Text token</th>
          <th>Background token</th>
          <th>Ratio</th>
          <th>Needs</th>
        </tr>
      </thead>
      <tbody>
        {pairs.map(([fg, bg, need], i) => {
          const ratio = values?.[i];
          return (
            <tr
              key={`${fg}-${bg}`}
              className="border-b border-border"
              data-testid={`pair-${fg}-${bg}`}
            >
              <td className="py-2">
                <span
                  className="inline-block rounded-sm px-2 py-1 font-medium"
                  style={{ color: `var(--color-${fg})`, background: `var(--color-${bg})` }}
                >
                  Aa 123
                </span>
              </td>
              <td>
                <code>{fg}</code>
              </td>
              <td>
                <code>{bg}</code>
              </td>
              <td data-ratio={ratio?.toFixed(2)}>{ratio ? `${ratio.toFixed(2)}:1` : '…'}</td>
              <td>{need}:1</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Waits for each ratio to be computed from the applied stylesheet, then checks it. */
const checkPairs: Story['play'] = async ({ canvasElement }) => {
  for (const [fg, bg, need] of pairs) {
    const ratio = await waitFor(() => {
      const cell = canvasElement.querySelector(`[data-testid="pair-${fg}-${bg}"] td[data-ratio]`);
      expect(cell, `${fg} on ${bg}: ratio computed`).not.toBeNull();
      return Number(cell?.getAttribute('data-ratio'));
    });
    await expect(ratio, `${fg} on ${bg}`).toBeGreaterThanOrEqual(need);
  }
};

export const Colours: Story = {
  render: () => (
    <div className="grid gap-8">
      <p className="max-w-2xl text-sm text-muted">
        spec §9: primary #135FE1 is the 500 step. Other steps share its OKLCH hue (261) with
        lightness and chroma scaled perceptually. Semantic tokens switch under <code>.dark</code>.
      </p>
      <Scale name="primary" />
      <Scale name="neutral" />
      <SemanticPairs />
    </div>
  ),
  play: checkPairs,
};

export const ColoursDark: Story = { ...Colours, globals: { theme: 'dark' } };

export const Radii: Story = {
  render: () => (
    <div className="flex flex-wrap gap-6">
      {(
        [
          ['none', '0'],
          ['xs', '2px'],
          ['sm', '4px'],
          ['md', '12px'],
          ['lg', '16px'],
          ['xl', '18px'],
          ['modal', '18px'],
          ['pill', '52px'],
        ] as const
      ).map(([name, value]) => (
        <figure key={name} className="grid justify-items-center gap-2 text-xs">
          <div
            className="size-20 border-2 border-primary bg-primary-soft"
            style={{ borderRadius: `var(--radius-${name})` }}
          />
          <figcaption className="text-center">
            <code>rounded-{name}</code>
            <br />
            {value}
          </figcaption>
        </figure>
      ))}
    </div>
  ),
  play: async () => {
    await waitFor(() => expect(presetApplied()).toBe(true));
    await expect(cssVar('--radius-pill')).toBe('52px');
    await expect(cssVar('--radius-modal')).toBe('18px');
    await expect(cssVar('--radius-xl')).toBe('18px');
  },
};

export const Typography: Story = {
  render: () => (
    <div className="grid max-w-2xl gap-4">
      <p className="text-4xl font-bold tracking-tight">Display — Book vetted pros</p>
      <h1 className="text-3xl font-bold tracking-tight">Heading 1 — Page titles</h1>
      <h2 className="text-2xl font-semibold">Heading 2 — Sections</h2>
      <h3 className="text-lg font-semibold">Heading 3 — Cards and dialogs</h3>
      <p className="text-base">
        Body — Plumbers, electricians and stylists near you, checked by us.
      </p>
      <p className="text-sm text-muted">Small muted — hints, captions, timestamps (≥ 4.5:1).</p>
      <p className="text-xs font-medium tracking-wide uppercase text-muted">Overline — labels</p>
      <p className="text-base tabular-nums">Tabular numbers — €1,234.50 · 09:00 · 4.6 (128)</p>
    </div>
  ),
};

export const Motion: Story = {
  render: () => {
    const [on, setOn] = useState(false);
    return (
      <div className="grid max-w-xl gap-4 text-sm">
        <p>
          spec §9: transitions 0.2s (<code>duration-base</code>), overlay/mask 0.15s (
          <code>duration-mask</code>), disabled opacity 0.6 (<code>opacity-disabled</code>). All
          motion is cut to ~0 under <code>prefers-reduced-motion: reduce</code>.
        </p>
        <Button className="w-fit" onClick={() => setOn((v) => !v)}>
          Toggle
        </Button>
        <div className="relative h-12 rounded-md bg-surface-muted">
          <div
            className="absolute top-2 size-8 rounded-full bg-primary transition-[left] duration-base"
            style={{ left: on ? 'calc(100% - 2.5rem)' : '0.5rem' }}
          />
        </div>
        <div className="flex gap-3">
          <Button disabled>Disabled (0.6)</Button>
          <span className="animate-glitch text-2xl font-black text-link motion-reduce:animate-none">
            404
          </span>
        </div>
      </div>
    );
  },
  play: async () => {
    await waitFor(() => expect(presetApplied()).toBe(true));
    await expect(Number.parseFloat(cssVar('--duration-base'))).toBe(0.2);
    await expect(Number.parseFloat(cssVar('--duration-mask'))).toBe(0.15);
  },
};
