import { type EndpointKey, endpointKey } from './keys';

/*
 * The SWR keys of the public pro and landing pages: read by their hooks in the browser and by
 * the server renderer (entry-server.tsx), which fills exactly these keys with the data it
 * rendered the page with. One definition, so the two can never disagree.
 */

/** Key of `GET /v1/pros/{slug}`: `['/pros/<slug>']`. */
export function publicProKey(slug: string): EndpointKey<'getPro'> {
  return endpointKey('getPro', { params: { slug } });
}

/**
 * Key of `GET /v1/service-pages/{category}`: `['/service-pages/<category>']`, or with
 * `{ place }` as its query. No query object at all without a place, so the key is one entry.
 */
export function servicePageKey(category: string, place?: string): EndpointKey<'getServicePage'> {
  return endpointKey('getServicePage', {
    params: { category },
    ...(place ? { query: { place } } : {}),
  });
}
