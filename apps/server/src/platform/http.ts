/** Small helpers that keep route declarations short and every status listed in the schema. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from './errors.js';


export function router(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}

/** Error responses a route may return, for its schema (and so for the OpenAPI document). */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorBody> {
  return Object.fromEntries(statuses.map((s) => [s, errorBody])) as Record<S, typeof errorBody>;
}

export const noContent = z.null().describe('No content');

export const estateParams = z.strictObject({ eid: z.uuid({ message: 'Not a valid estate id.' }) });
