import { z } from 'zod';
import { uuid } from '../common';
import type { RouteDef } from '../routes';

/** Params of a route with one `:id` segment. */
export const idParamsSchema = z.object({ id: uuid });
/** Params of a service image route. */
export const serviceImageParamsSchema = z.object({ id: uuid, imageId: uuid });
/** Params of an admin document download. */
export const vendorDocumentParamsSchema = z.object({ id: uuid, documentId: uuid });

/** One row of the endpoint table: a route plus the zod schema of each part. */
export interface EndpointDef extends RouteDef {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Schema of `data` in the `{ ok: true, data }` wrapper. */
  response: z.ZodType;
  summary: string;
}
