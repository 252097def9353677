import { HttpError } from '@vetted/api-client';
import { describe, expect, it } from 'vitest';
import { quoteRequestFormSchema, windowOf } from '../src/features/quotes/quote-request-schema';
import {
  closesWords,
  expiryWords,
  quotesCountWords,
  timeLeftWords,
} from '../src/features/quotes/quote-words';
import { uploadQuoteRequest } from '../src/features/quotes/upload-quote-request';

const NOW = Date.parse('2026-11-20T12:00:00.000Z');

describe('timeLeftWords', () => {
  it('counts down in days and hours, then hours and minutes, then minutes', () => {
    expect(timeLeftWords('2026-11-22T15:00:00.000Z', NOW)).toBe('2 days 3 h');
    expect(timeLeftWords('2026-11-21T12:00:00.000Z', NOW)).toBe('1 day');
    expect(timeLeftWords('2026-11-20T17:12:00.000Z', NOW)).toBe('5 h 12 min');
    expect(timeLeftWords('2026-11-20T12:14:30.000Z', NOW)).toBe('14 min');
    expect(timeLeftWords('2026-11-20T12:00:20.000Z', NOW)).toBe('less than a minute');
  });

  it('says nothing once the time has passed', () => {
    expect(timeLeftWords('2026-11-20T12:00:00.000Z', NOW)).toBeNull();
    expect(expiryWords('2026-11-19T12:00:00.000Z', NOW)).toBe('Expired');
    expect(closesWords('2026-11-26T09:00:00.000Z', NOW)).toBe('Closes in 5 days 21 h');
  });
});

describe('quotesCountWords', () => {
  const usd = (amount: number) => ({ amount, currency: 'USD' });
  it('states the count and the lowest quote the API gave', () => {
    expect(
      quotesCountWords({ status: 'open', quoteCount: 3, leadCount: 5, lowest: usd(12_000) }),
    ).toBe('3 quotes · from $120.00');
    expect(quotesCountWords({ status: 'booked', quoteCount: 1, leadCount: 2, lowest: null })).toBe(
      '1 quote',
    );
  });

  it('says "yet" only while the request is open', () => {
    expect(quotesCountWords({ status: 'open', quoteCount: 0, leadCount: 1, lowest: null })).toBe(
      'No quotes yet · sent to 1 pro',
    );
    expect(quotesCountWords({ status: 'closed', quoteCount: 0, leadCount: 4, lowest: null })).toBe(
      'No quotes · sent to 4 pros',
    );
  });
});

describe('quoteRequestFormSchema', () => {
  const schema = quoteRequestFormSchema('USD', '2026-11-20');
  const typed = {
    categorySlug: 'plumbing',
    description: 'The boiler drips from the bottom, about a cup a day.',
    placeId: '',
    address: '12 Harbour Road, Boston 02110',
    windows: [{ from: '2026-11-23', to: '2026-11-25' }],
    budget: '150.50',
  };

  it('sends the days as a window from the first day’s start to the last day’s end', async () => {
    const body = await schema.parseAsync(typed);
    expect(body.windows).toEqual([windowOf(typed.windows[0]!)]);
    expect(body.windows[0]!.from).toBe(new Date(2026, 10, 23).toISOString());
    expect(Date.parse(body.windows[0]!.to)).toBe(new Date(2026, 10, 26).getTime() - 1);
    expect(body.budget).toBe(15_050);
    expect(body.address).toBe(typed.address);
    expect(body.placeId).toBeUndefined();
  });

  it('sends a saved place instead of its address text', async () => {
    const placeId = '00000000-0000-4000-8000-0000000d0001';
    const body = await schema.parseAsync({ ...typed, placeId });
    expect(body.placeId).toBe(placeId);
    expect(body.address).toBeUndefined();
  });

  it('refuses past days, reversed ranges, a bad budget and no address, at their fields', async () => {
    const result = await schema.safeParseAsync({
      ...typed,
      windows: [{ from: '2026-11-19', to: '2026-11-25' }],
    });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['windows.0.from']);
    const reversed = await schema.safeParseAsync({
      ...typed,
      windows: [{ from: '2026-11-25', to: '2026-11-23' }],
      budget: 'lots',
    });
    expect(reversed.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'budget',
      'windows.0.to',
    ]);
    const nowhere = await schema.safeParseAsync({ ...typed, address: '' });
    expect(nowhere.error?.issues[0]?.path).toEqual(['address']);
  });
});

/** A stand-in XMLHttpRequest answering `status` with `body` after reporting two progress events. */
function fakeXhr(status: number, body: unknown) {
  const sent: { url?: string; headers: Record<string, string>; form?: FormData } = { headers: {} };
  const xhr = {
    upload: {} as {
      onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void;
    },
    status: 0,
    responseText: '',
    onload: null as null | (() => void),
    open: (_method: string, url: string) => {
      sent.url = url;
    },
    setRequestHeader: (name: string, value: string) => {
      sent.headers[name] = value;
    },
    send: (form: FormData) => {
      sent.form = form;
      xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
      xhr.upload.onprogress?.({ lengthComputable: true, loaded: 200, total: 200 });
      xhr.status = status;
      xhr.responseText = JSON.stringify(body);
      xhr.onload?.();
    },
  };
  return { xhr: xhr as unknown as XMLHttpRequest, sent };
}

describe('uploadQuoteRequest', () => {
  const body = {
    categorySlug: 'plumbing',
    description: 'The boiler drips from the bottom, about a cup a day.',
    address: '12 Harbour Road, Boston 02110',
    windows: [{ from: '2026-11-23T00:00:00.000Z', to: '2026-11-25T23:59:59.999Z' }],
    budget: 15_000,
  };
  const photo = new File(['<svg/>'], 'boiler.svg', { type: 'image/svg+xml' });

  it('sends the fields as text and each photo, reporting progress, and resolves with the request', async () => {
    const { xhr, sent } = fakeXhr(201, { ok: true, data: { id: 'r1', leads: [] } });
    const progress: number[] = [];
    const request = await uploadQuoteRequest(
      { body, photos: [photo, photo], onProgress: (f) => progress.push(f) },
      { createRequest: () => xhr, getAccessToken: async () => 'token' },
    );
    expect(request).toEqual({ id: 'r1', leads: [] });
    expect(progress).toEqual([0.25, 1, 1]);
    expect(sent.url).toBe('/v1/quote-requests');
    expect(sent.headers.Authorization).toBe('Bearer token');
    expect(sent.form?.get('windows')).toBe(JSON.stringify(body.windows));
    expect(sent.form?.get('budget')).toBe('15000');
    expect(sent.form?.getAll('photos')).toHaveLength(2);
  });

  it('rejects with the API’s error, its code and fields kept', async () => {
    const { xhr } = fakeXhr(422, {
      ok: false,
      error: {
        code: 'no_matching_pros',
        message: 'No approved plumbing pro covers that address yet',
      },
    });
    const error = await uploadQuoteRequest(
      { body, photos: [photo] },
      { createRequest: () => xhr, getAccessToken: async () => 'token' },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(422);
    expect((error as HttpError).errorCode).toBe('no_matching_pros');
    expect((error as HttpError).message).toBe('No approved plumbing pro covers that address yet');
  });
});
