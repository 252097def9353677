import { endpoints } from '@vetted/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ publicUrl: 'https://vetted.example/' });
});
afterAll(async () => ctx?.close());

interface Operation {
  operationId?: string;
}

async function document() {
  const res = await ctx.app.inject({ method: 'GET', url: '/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    info: { license?: { name: string } };
    servers?: { url: string }[];
    paths: Record<string, Record<string, Operation>>;
  };
}

/** `GET /v1/openapi.json`: the conventions a consumer's code generator relies on. */
describe('OpenAPI document', () => {
  it('names every operation by its contract endpoint, once each', async () => {
    const doc = await document();
    const seen = new Map<string, string>();
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`;
        const id = operation.operationId;
        expect(id, where).toBeDefined();
        expect(seen.get(id as string), `${id} on ${where}`).toBeUndefined();
        seen.set(id as string, where);
        const endpoint = endpoints[id as keyof typeof endpoints];
        expect(endpoint, `${id} is a contract endpoint`).toBeDefined();
        // OpenAPI writes `{id}` where the contract (Fastify) writes `:id`.
        expect(where).toBe(`${endpoint.method} /v1${endpoint.path.replace(/:(\w+)/g, '{$1}')}`);
      }
    }
    // Every contract endpoint is in the document.
    expect([...seen.keys()].sort()).toEqual(Object.keys(endpoints).sort());
  });

  it('has a server at PUBLIC_URL and a licence', async () => {
    const doc = await document();
    expect(doc.servers?.map((s) => s.url)).toEqual(['https://vetted.example']);
    expect(doc.info.license?.name).toBe('MIT');
  });
});
