/* Story fixtures: self-contained images (no network in CI) and sample data. */

const palettes: Array<[string, string]> = [
  ['#135fe1', '#5c93f3'],
  ['#0d429f', '#94bbfe'],
  ['#1d7d3e', '#55c975'],
  ['#975800', '#f5ae39'],
  ['#c51d28', '#f97676'],
  ['#0074a0', '#51bfee'],
];

/** An SVG picture as a data URI: a gradient with a big label (stands in for a photo). */
export function placeholderImage(label: string, index = 0, width = 800, height = 600): string {
  const [a, b] = palettes[index % palettes.length] ?? palettes[0]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width * 0.78}" cy="${height * 0.28}" r="${height * 0.16}" fill="#ffffff" fill-opacity="0.25"/><text x="50%" y="55%" font-family="system-ui, sans-serif" font-size="${Math.round(height / 9)}" font-weight="700" fill="#ffffff" text-anchor="middle">${label}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export const galleryImages = [
  { id: 'g1', alt: 'Renovated kitchen with white cabinets', label: 'Kitchen' },
  { id: 'g2', alt: 'New copper pipes under a sink', label: 'Pipes' },
  { id: 'g3', alt: 'Bathroom with walk-in shower', label: 'Bathroom' },
  { id: 'g4', alt: 'Boiler installed in a utility room', label: 'Boiler' },
  { id: 'g5', alt: 'Outdoor tap fitted on a brick wall', label: 'Garden tap' },
].map((img, i) => ({
  id: img.id,
  alt: img.alt,
  src: placeholderImage(img.label, i, 1200, 800),
  // As the API makes them: 480 px wide, at the picture's own aspect ratio.
  thumbSrc: placeholderImage(img.label, i, 480, 320),
  width: 1200,
  height: 800,
}));

/** A fixed "now" so relative times and day strips render the same every run. */
export const NOW = new Date('2026-03-10T10:00:00Z');

function slotsFor(date: string, taken: number[] = [], hours = [9, 10, 11, 13, 14, 15, 16]) {
  return hours.map((h, i) => ({
    startsAt: `${date}T${String(h).padStart(2, '0')}:00:00Z`,
    endsAt: `${date}T${String(h + 1).padStart(2, '0')}:00:00Z`,
    available: !taken.includes(i),
  }));
}

export const slotDays = [
  { date: '2026-03-10', slots: slotsFor('2026-03-10', [0, 1, 4]) },
  { date: '2026-03-11', slots: slotsFor('2026-03-11', [2]) },
  { date: '2026-03-12', slots: slotsFor('2026-03-12', [0, 1, 2, 3, 4, 5, 6]) },
  { date: '2026-03-13', slots: slotsFor('2026-03-13') },
  { date: '2026-03-14', slots: [] },
];
