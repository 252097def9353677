import type { FastifyDynamicSwaggerOptions, SwaggerTransform } from '@fastify/swagger';
import { type EndpointName, routes } from '@vetted/contract';
import { openApiTransform } from './route';

/** `METHOD /v1/path` (Fastify style) → the contract's endpoint name. */
const endpointNames = new Map<string, EndpointName>(
  (Object.entries(routes) as [EndpointName, (typeof routes)[EndpointName]][]).map(([name, def]) => [
    `${def.method} /v1${def.path}`,
    name,
  ]),
);

/**
 * The contract's name of the endpoint served at `method` `url` (`/v1/vendors/:id`), or
 * undefined for a route outside the contract table.
 */
export function endpointNameOf(method: string | string[], url: string): EndpointName | undefined {
  const methods = Array.isArray(method) ? method : [method];
  for (const m of methods) {
    const name = endpointNames.get(`${m.toUpperCase()} ${url}`);
    if (name) return name;
  }
  return undefined;
}

/**
 * {@link openApiTransform}, plus the operation's `operationId`: the contract's endpoint name,
 * the name the api-client calls it by (ARCHITECTURE §4).
 */
const transform: SwaggerTransform = (document) => {
  const result = openApiTransform(document);
  const name = endpointNameOf(document.route.method, document.url);
  if (!name) return result;
  return { ...result, schema: { ...result.schema, operationId: name } };
};

/**
 * The options of `@fastify/swagger` that build `GET /v1/openapi.json` from the routes
 * registered from the contract: an `operationId` per operation (the endpoint's name), the
 * server at `publicUrl` (`PUBLIC_URL`, paths carry their `/v1`) and the licence of the
 * published packages (MIT).
 */
export function openApiOptions({ publicUrl }: { publicUrl: string }): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Vetted API',
        version: '1.0.0',
        description: 'Vetted marketplace API v1',
        license: { name: 'MIT', identifier: 'MIT' },
      },
      servers: [{ url: publicUrl.replace(/\/+$/, ''), description: 'This instance (PUBLIC_URL)' }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform,
  };
}
