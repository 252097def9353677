import { describe, expect, it } from 'vitest';
import { responseTimeLabel, toResponseTime } from '../src/response-time';

describe('response time sentences', () => {
  it.each([
    [0, 'Usually replies within 15 minutes'],
    [15, 'Usually replies within 15 minutes'],
    [16, 'Usually replies within an hour'],
    [60, 'Usually replies within an hour'],
    [61, 'Usually replies within 2 hours'],
    [120, 'Usually replies within 2 hours'],
    [330, 'Usually replies within 6 hours'],
    [1439, 'Usually replies within 24 hours'],
    [1440, 'Usually replies within a day'],
    [1441, 'Usually replies within a few days'],
  ])('%i minutes → %s', (minutes, sentence) => {
    expect(responseTimeLabel(minutes)).toBe(sentence);
  });

  it('shows nothing below 3 measured messages or without a median', () => {
    expect(toResponseTime({ medianMinutes: 20, within4hBps: 10_000, sampleSize: 2 })).toBeNull();
    expect(toResponseTime({ medianMinutes: null, within4hBps: 0, sampleSize: 5 })).toBeNull();
    expect(toResponseTime({ medianMinutes: 20, within4hBps: 5_000, sampleSize: 3 })).toEqual({
      medianMinutes: 20,
      within4hBps: 5_000,
      sampleSize: 3,
      label: 'Usually replies within an hour',
    });
  });
});
