import { describe, expect, it } from 'vitest';
import { renderPublicPage } from '../src/entry-server';
import { publicProKey, servicePageKey } from '../src/lib/public-page-keys';
import {
  bostonPlumbingPage,
  emptyPlacePage,
  newPro,
  plumbingPage,
  publicPro,
} from '../src/fixtures/public-pages';

/*
 * The public pro and landing pages as the API renders them per request: from their data as SWR
 * fallback alone (no fetch, no effects), the whole page is in the HTML — heading, content and
 * real links — not a loading skeleton.
 */

const ORIGIN = 'https://vetted.example';

/** The text of `html` without tags, entities decoded for the few the markup uses. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&amp;', '&')
    .replaceAll('&#x27;', "'")
    .replace(/\s+/g, ' ');

describe('pro page, rendered on the server', () => {
  it('shows the whole profile from the data, with Book links that sign a visitor in first', async () => {
    const { markup } = await renderPublicPage(
      `/pros/${publicPro.slug}`,
      { kind: 'pro', pro: publicPro },
      ORIGIN,
    );
    expect(markup).not.toContain('Loading pro');
    expect(markup).toMatch(/<h1[^>]*>Demo Plumbing Co\.<\/h1>/);
    const text = textOf(markup);
    expect(text).toContain(
      'Vetted: identity, insurance, licence checked · approved March 12, 2025',
    );
    expect(text).toContain('Member since 2023');
    expect(text).toContain('Came the same week and had the new lock fitted');
    expect(text).toContain('5 stars : 5 reviews');
    expect(markup).toContain(
      'href="/auth/login?redirect=%2Fuser%2Fservices%2Fvendor%2F00000000-0000-4000-8000-000000000a01%2Fservice%3FserviceId%3D00000000-0000-4000-8000-000000000a10"',
    );
    expect(markup).toContain('href="/services/plumbing"');
  });

  it("formats money in the visitor's locale and names it for hydration", async () => {
    const german = await renderPublicPage(
      `/pros/${publicPro.slug}`,
      { kind: 'pro', pro: publicPro },
      ORIGIN,
      'de-DE',
    );
    expect(textOf(german.markup)).toMatch(/120,00\s\$/);
    expect(german.dataScript).toContain('data-locale="de-DE"');
    const american = await renderPublicPage(
      `/pros/${publicPro.slug}`,
      { kind: 'pro', pro: publicPro },
      ORIGIN,
      'en-US',
    );
    expect(textOf(american.markup)).toContain('$120.00');
    expect(textOf(american.markup)).not.toContain('120,00');
  });

  it('renders a pro without reviews or photo', async () => {
    const { markup } = await renderPublicPage(
      `/pros/${newPro.slug}`,
      { kind: 'pro', pro: newPro },
      ORIGIN,
    );
    const text = textOf(markup);
    expect(text).toContain('KeyMaster Seattle');
    expect(text).toContain('No reviews yet');
    expect(text).toContain('Vetted pro');
  });
});

describe('landing pages, rendered on the server', () => {
  it('lists the pros serving the place, linking to their pages, and nearby places', async () => {
    const { markup } = await renderPublicPage(
      '/services/plumbing/boston-ma-us',
      { kind: 'service', page: bostonPlumbingPage, placeSlug: 'boston-ma-us' },
      ORIGIN,
    );
    expect(markup).not.toContain('Loading pros');
    expect(markup).toMatch(/<h1[^>]*>Plumbing pros in Boston, MA<\/h1>/);
    expect(markup).toContain('href="/pros/demo-plumbing-co-b00"');
    expect(markup).toContain('href="/services/plumbing/cambridge-ma-us"');
    expect(markup).toContain('href="/services/heating-cooling/boston-ma-us"');
    expect(markup).toMatch(/<h2[^>]*>5 vetted pros serve Boston, MA<\/h2>/);
  });

  it('renders the category-wide page under the key without a query', async () => {
    const { markup } = await renderPublicPage(
      '/services/plumbing',
      { kind: 'service', page: plumbingPage, placeSlug: null },
      ORIGIN,
    );
    expect(markup).toMatch(/<h1[^>]*>Plumbing pros<\/h1>/);
    expect(markup).toContain('href="/services/plumbing/london-gb"');
  });

  it('says when nobody serves the place yet', async () => {
    const { markup } = await renderPublicPage(
      '/services/hair-styling/worcester-ma-us',
      { kind: 'service', page: emptyPlacePage, placeSlug: 'worcester-ma-us' },
      ORIGIN,
    );
    expect(textOf(markup)).toContain('No vetted Hair Styling pros serve Worcester, MA yet');
    expect(markup).toContain('href="/services/hair-styling/boston-ma-us"');
  });
});

describe('the keys the pages read and the server fills', () => {
  it('are the endpoint paths, with a query object only for a place', () => {
    expect(publicProKey('demo-plumbing-co-3fa2c1')).toEqual(['/pros/demo-plumbing-co-3fa2c1']);
    expect(servicePageKey('plumbing')).toEqual(['/service-pages/plumbing']);
    expect(servicePageKey('plumbing', 'boston-ma-us')).toEqual([
      '/service-pages/plumbing',
      { place: 'boston-ma-us' },
    ]);
  });
});
