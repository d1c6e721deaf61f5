/**
 * What outside clients read in the OpenAPI document (`/api/docs/json`): each operation's name
 * (`operationId`, made from its method and path, so it never needs writing) and its summary (from
 * the one table in openapi-summaries.ts, so route files stay as they are). A route that declares
 * `schema.summary` itself keeps it. `src/test/openapi.test.ts` fails, saying what to add where,
 * for an operation without a summary, and runs `redocly lint` on the document.
 */
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { OPERATION_SUMMARIES } from './openapi-summaries.js';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

const pascal = (word: string) => word.replace(/(^|[-_.])([a-z0-9])/gi, (_m, _sep: string, c: string) => c.toUpperCase());

/** `GET /api/estates/:eid/items/:iid` → `getEstatesByEidItemsByIid`: unique as method and path are. */
export function operationId(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((s) => s !== '' && s !== 'api')
    .map((s) => (s.startsWith(':') ? `By${pascal(s.slice(1))}` : pascal(s.replace(/\*/g, 'Any'))));
  return method.toLowerCase() + words.join('');
}

/**
 * OpenAPI 3.0 reads `nullable` only beside a `type`; zod writes a nullable union as
 * `{ nullable: true, anyOf: [...] }`. Each choice says it may be null instead (the same values).
 */
function nullableBesideType(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(nullableBesideType);
  if (node === null || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  const choices = (schema.anyOf ?? schema.oneOf) as Record<string, unknown>[] | undefined;
  if (schema.nullable === true && schema.type === undefined && choices?.every((c) => c.type !== undefined)) {
    for (const choice of choices) choice.nullable = true;
    delete schema.nullable;
  }
  Object.values(schema).forEach(nullableBesideType);
}

/** The swagger plugin's transform: zod to JSON Schema, then the operation's name and summary. */
export function openApiTransform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const out = jsonSchemaTransform(input);
  const method = [input.route.method].flat()[0]!.toUpperCase();
  const schema = out.schema as Record<string, unknown>;
  schema.operationId ??= operationId(method, input.url);
  schema.summary ??= OPERATION_SUMMARIES[`${method} ${input.url}`];
  nullableBesideType(schema);
  return out;
}
