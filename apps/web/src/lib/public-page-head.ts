import type { PublicPro, ServicePage } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import { toMajorText } from './money';
import { escapeHtml } from './page-head';
import { namedPageTitle } from './page-meta';
import { placeName, servicePageHeading } from './public-page-text';

/*
 * The `<head>` of the pages the API renders per request (the public pro page and the landing
 * pages): title, description, canonical, Open Graph and JSON-LD from the page's data. Server
 * only: imported by entry-server.tsx, never by the browser's entry.
 */

/** `<title>` of a landing page. */
export function servicePageTitle(page: Pick<ServicePage, 'category' | 'place'>): string {
  return namedPageTitle(servicePageHeading(page));
}

/** `<title>` of a pro's page. */
export function proPageTitle(pro: Pick<PublicPro, 'businessName'>): string {
  return namedPageTitle(pro.businessName);
}

/**
 * schema.org's LocalBusiness subtype for a category slug (seed categories, apps/api/src/db/
 * seed-data/categories.ts); `ProfessionalService` for the rest.
 */
const BUSINESS_TYPE: Readonly<Record<string, string>> = {
  plumbing: 'Plumber',
  electrical: 'Electrician',
  'hair-styling': 'HairSalon',
  painting: 'HousePainter',
  hvac: 'HVACBusiness',
  locksmith: 'Locksmith',
  moving: 'MovingCompany',
  'beauty-makeup': 'BeautySalon',
  'personal-training': 'ExerciseGym',
  handyman: 'HomeAndConstructionBusiness',
  carpentry: 'GeneralContractor',
  'pest-control': 'ProfessionalService',
  cleaning: 'ProfessionalService',
};

/** What the head of a page rendered per request says. */
export interface PageHead {
  title: string;
  description: string;
  /** Path of the canonical URL (the API adds `PUBLIC_URL`). */
  path: string;
  /** Absolute or root-relative URL of the Open Graph image; null for the site's own. */
  image: string | null;
  /** schema.org objects, one `<script type="application/ld+json">` each. */
  jsonLd: object[];
}

const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

const absolute = (origin: string, url: string) => (/^https?:/.test(url) ? url : `${origin}${url}`);

/** The head of a pro's page (`/pros/<slug>`), with `ProfessionalService` (or a subtype) JSON-LD. */
export function proPageHead(pro: PublicPro, origin: string): PageHead {
  const path = buildLink(ROUTES.pro, { params: { slug: pro.slug } });
  const where = pro.serviceArea.city;
  const rating =
    pro.rating.count > 0
      ? ` Rated ${pro.rating.average.toFixed(1)} from ${pro.rating.count} review${pro.rating.count === 1 ? '' : 's'}.`
      : '';
  const image = pro.avatarUrl ?? pro.coverImageUrl;
  const business: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': BUSINESS_TYPE[pro.categories[0]?.slug ?? ''] ?? 'ProfessionalService',
    '@id': `${origin}${path}`,
    name: pro.businessName,
    description: pro.tagline || pro.bio,
    url: `${origin}${path}`,
    ...(image ? { image: absolute(origin, image) } : {}),
    address: {
      '@type': 'PostalAddress',
      addressLocality: where,
      addressCountry: pro.serviceArea.country,
    },
    areaServed: { '@type': 'City', name: where },
    ...(pro.services.length > 0
      ? {
          makesOffer: pro.services.map((s) => ({
            '@type': 'Offer',
            itemOffered: { '@type': 'Service', name: s.title },
            price: toMajorText(s.price.amount, s.price.currency),
            priceCurrency: s.price.currency,
          })),
        }
      : {}),
    ...(pro.rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Number(pro.rating.average.toFixed(2)),
            reviewCount: pro.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
          review: pro.reviews.items.map((r) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: r.author.name },
            datePublished: r.createdAt.slice(0, 10),
            ...(r.text ? { reviewBody: r.text } : {}),
            reviewRating: {
              '@type': 'Rating',
              ratingValue: r.rating,
              bestRating: 5,
              worstRating: 1,
            },
          })),
        }
      : {}),
  };
  return {
    title: proPageTitle(pro),
    description: clip(
      `${pro.businessName}: ${pro.tagline || pro.categories[0]?.name || 'vetted pro'} in ${where}. Vetted by Vetted.${rating} Prices up front, book online.`,
      300,
    ),
    path,
    image,
    jsonLd: [business],
  };
}

/** The head of a landing page, with `ItemList` and `BreadcrumbList` JSON-LD. */
export function servicePageHead(page: ServicePage, origin: string): PageHead {
  const categoryPath = buildLink(ROUTES.servicePage, { params: { category: page.category.slug } });
  const path = page.place
    ? buildLink(ROUTES.servicePlacePage, {
        params: { category: page.category.slug, place: page.place.slug },
      })
    : categoryPath;
  const heading = servicePageHeading(page);
  const crumbs = [
    { name: 'Home', path: ROUTES.home },
    { name: 'Services', path: ROUTES.services },
    { name: page.category.name, path: categoryPath },
    ...(page.place ? [{ name: placeName(page.place), path }] : []),
  ];
  const cover = page.pros.find((p) => p.coverImageUrl)?.coverImageUrl ?? null;
  const count =
    page.total === 0
      ? 'No vetted pros here yet.'
      : `${page.total} vetted pro${page.total === 1 ? '' : 's'}, best rated first, with prices up front.`;
  return {
    title: servicePageTitle(page),
    description: clip(`${heading} on Vetted. ${count} ${page.category.description}`, 300),
    path,
    image: cover,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: heading,
        numberOfItems: page.pros.length,
        itemListElement: page.pros.map((p, i) => ({
          '@type': 'ListItem',
          position: i + 1,
          name: p.businessName,
          url: `${origin}${buildLink(ROUTES.pro, { params: { slug: p.slug } })}`,
        })),
      },
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: crumbs.map((c, i) => ({
          '@type': 'ListItem',
          position: i + 1,
          name: c.name,
          item: `${origin}${c.path}`,
        })),
      },
    ],
  };
}

/** JSON for a `<script type="application/ld+json">`: nothing in it can close the element. */
function scriptJson(value: object): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026');
}

/**
 * `head` as the tags that replace index.html's page-head block: `<title>`, description,
 * canonical, Open Graph and Twitter tags (absolute URLs on `origin`, no trailing slash; index.html
 * keeps `og:type` and `twitter:card` outside the block) and one JSON-LD block per object. JSON-LD is data, never run, so the CSP's script rules do not apply.
 */
export function renderHeadTags(head: PageHead, origin: string): string {
  const url = `${origin}${head.path}`;
  const image = head.image ? absolute(origin, head.image) : `${origin}/og-img.png`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    // Only og-img.png's size is known; a pro's photo is described by its own file.
    ...(head.image
      ? []
      : [
          '<meta property="og:image:width" content="1200" />',
          '<meta property="og:image:height" content="630" />',
        ]),
    `<meta name="twitter:title" content="${escapeHtml(head.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
    ...head.jsonLd.map((o) => `<script type="application/ld+json">${scriptJson(o)}</script>`),
  ].join('\n    ');
}
