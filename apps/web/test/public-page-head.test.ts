import type { PublicPro, ServicePage } from '@vetted/contract';
import { describe, expect, it } from 'vitest';
import { proPageHead, renderHeadTags, servicePageHead } from '../src/lib/public-page-head';
import { placeName, servicePageHeading } from '../src/lib/public-page-text';
import { ssrDataScript } from '../src/lib/ssr-data';

/** The head and JSON-LD of the pages the API renders per request, and their hydration data. */

const ORIGIN = 'https://vetted.example';

const pro: PublicPro = {
  id: '00000000-0000-4000-8000-000000000001',
  slug: 'demo-plumbing-co-000001',
  businessName: 'Demo Plumbing Co.',
  tagline: 'Leaks fixed </script><script>alert(1)</script> fast',
  bio: 'Family plumbers.',
  avatarUrl: '/media/avatars/demo.webp',
  coverImageUrl: null,
  categories: [{ slug: 'plumbing', name: 'Plumbing' }],
  vetting: { status: 'approved', approvedAt: '2026-01-02T03:04:05.000Z', checks: ['identity'] },
  rating: { average: 4.666666, count: 3, breakdown: { 5: 2, 4: 1, 3: 0, 2: 0, 1: 0 } },
  reviews: {
    items: [
      {
        id: '00000000-0000-4000-8000-000000000010',
        rating: 5,
        text: 'Great work',
        createdAt: '2026-03-04T10:00:00.000Z',
        author: { name: 'Casey C.', avatarUrl: null },
        reply: null,
      },
    ],
    page: 1,
    pageSize: 10,
    total: 3,
    breakdown: { average: 4.666666, count: 3, histogram: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 2 } },
  } as unknown as PublicPro['reviews'],
  services: [
    {
      id: '00000000-0000-4000-8000-000000000020',
      title: 'Leak repair',
      price: { amount: 12000, currency: 'USD' },
    } as unknown as PublicPro['services'][number],
  ],
  serviceArea: { city: 'Boston', country: 'US', radiusKm: 25 },
  memberSince: '2023-03-14T00:00:00.000Z',
};

const landing: ServicePage = {
  category: {
    slug: 'plumbing',
    name: 'Plumbing',
    description: 'Leaks and drains.',
    icon: 'wrench',
  },
  place: {
    slug: 'boston-ma-us',
    name: 'Boston',
    region: 'MA',
    country: 'US',
    lat: 42.36,
    lng: -71.06,
  },
  pros: [
    {
      id: pro.id,
      slug: pro.slug,
      businessName: 'Demo Plumbing Co.',
    } as unknown as ServicePage['pros'][number],
  ],
  total: 1,
  nearbyPlaces: [],
  relatedCategories: [],
};

describe('pro page head', () => {
  it('describes the pro as a Plumber with rating, reviews and offers', () => {
    const head = proPageHead(pro, ORIGIN);
    expect(head.title).toBe('Demo Plumbing Co. — Vetted');
    expect(head.path).toBe('/pros/demo-plumbing-co-000001');
    expect(head.image).toBe('/media/avatars/demo.webp');
    expect(head.jsonLd).toEqual([
      expect.objectContaining({
        '@type': 'Plumber',
        name: 'Demo Plumbing Co.',
        url: 'https://vetted.example/pros/demo-plumbing-co-000001',
        image: 'https://vetted.example/media/avatars/demo.webp',
        aggregateRating: {
          '@type': 'AggregateRating',
          ratingValue: 4.67,
          reviewCount: 3,
          bestRating: 5,
          worstRating: 1,
        },
        review: [
          {
            '@type': 'Review',
            author: { '@type': 'Person', name: 'Casey C.' },
            datePublished: '2026-03-04',
            reviewBody: 'Great work',
            reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
          },
        ],
        makesOffer: [
          {
            '@type': 'Offer',
            itemOffered: { '@type': 'Service', name: 'Leak repair' },
            price: '120.00',
            priceCurrency: 'USD',
          },
        ],
      }),
    ]);
  });

  it('leaves rating out for a pro without reviews (no empty AggregateRating)', () => {
    const head = proPageHead({ ...pro, rating: { ...pro.rating, count: 0, average: 0 } }, ORIGIN);
    expect(head.jsonLd[0]).not.toHaveProperty('aggregateRating');
    expect(head.jsonLd[0]).not.toHaveProperty('review');
  });

  it('writes tags no text of the pro can break out of', () => {
    const tags = renderHeadTags(proPageHead(pro, ORIGIN), ORIGIN);
    expect(tags).toContain(
      '<link rel="canonical" href="https://vetted.example/pros/demo-plumbing-co-000001" />',
    );
    expect(tags).toContain(
      '<meta property="og:image" content="https://vetted.example/media/avatars/demo.webp" />',
    );
    // One closing tag per JSON-LD block: the tagline's "</script>" is escaped.
    expect(tags.match(/<\/script>/g)).toHaveLength(1);
    expect(tags).toContain('\\u003c/script\\u003e');
    expect(tags).not.toContain('<script>alert(1)');
  });
});

describe('landing page head', () => {
  it('names the page after category and place, with ItemList and BreadcrumbList', () => {
    expect(servicePageHeading(landing)).toBe('Plumbing pros in Boston, MA');
    expect(servicePageHeading({ ...landing, place: null })).toBe('Plumbing pros');
    expect(placeName({ name: 'London', region: null, country: 'GB' })).toBe(
      'London, United Kingdom',
    );
    const head = servicePageHead(landing, ORIGIN);
    expect(head.path).toBe('/services/plumbing/boston-ma-us');
    expect(head.title).toBe('Plumbing pros in Boston, MA — Vetted');
    expect(head.jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: 'Plumbing pros in Boston, MA',
        numberOfItems: 1,
        itemListElement: [
          {
            '@type': 'ListItem',
            position: 1,
            name: 'Demo Plumbing Co.',
            url: 'https://vetted.example/pros/demo-plumbing-co-000001',
          },
        ],
      },
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://vetted.example/' },
          {
            '@type': 'ListItem',
            position: 2,
            name: 'Services',
            item: 'https://vetted.example/services',
          },
          {
            '@type': 'ListItem',
            position: 3,
            name: 'Plumbing',
            item: 'https://vetted.example/services/plumbing',
          },
          {
            '@type': 'ListItem',
            position: 4,
            name: 'Boston, MA',
            item: 'https://vetted.example/services/plumbing/boston-ma-us',
          },
        ],
      },
    ]);
  });
});

describe('hydration data', () => {
  it('is a JSON block whose text cannot end the element', () => {
    const script = ssrDataScript([{ key: ['/pros/x'], data: { tagline: '</script><b>&' } }]);
    expect(script.startsWith('<script type="application/json" id="ssr-data">')).toBe(true);
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    const json = script.slice(script.indexOf('>') + 1, -'</script>'.length);
    expect(Object.values(JSON.parse(json))).toEqual([{ tagline: '</script><b>&' }]);
  });
});
