/** Stable keys for `n` skeleton placeholders: `['ph-0', 'ph-1', …]`. */
export function placeholders(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `ph-${i}`);
}
