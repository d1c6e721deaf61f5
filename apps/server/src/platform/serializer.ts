/**
 * How answers are written (ADR 0023). Each route's zod answer schema is turned once into a JSON
 * Schema and compiled by fast-json-stringify, which writes only the declared fields (as zod's
 * check did: a field added to a row by mistake never reaches the caller) without re-checking every
 * value on every answer. Outside production (tests, development) zod still checks each answer
 * first, so a wrong shape fails there loudly. A schema JSON Schema cannot express (a transform)
 * keeps zod's own serialiser.
 */
import { isDeepStrictEqual } from 'node:util';
import type { FastifyReply } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Route = Parameters<typeof serializerCompiler>[0];
type Serialize = (data: unknown) => string;

function compiled(route: Route): Serialize | undefined {
  const schema = route.schema as z.ZodType;
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
    return fastJson(json as Parameters<typeof fastJson>[0]);
  } catch {
    return undefined;
  }
}

/**
 * The serialiser for one route's answer, remembering its text per answer object: an answer that
 * comes from the read cache is the same (never mutated) object each time and is written once.
 */
export function answerSerializer({ check }: { check: boolean }): typeof serializerCompiler {
  return (route) => {
    // Compiled at a route's first answer, not at start: a few hundred routes would add a second to it.
    let serialize: Serialize | undefined;
    const compile = (): Serialize => {
      const checked = serializerCompiler(route) as Serialize;
      const fast = compiled(route);
      if (!fast) return checked;
      if (!check) return fast;
      return (data) => {
        checked(data);
        return fast(data);
      };
    };
    const written = new WeakMap<object, string>();
    return (data: unknown) => {
      serialize ??= compile();
      if (typeof data !== 'object' || data === null) return serialize(data);
      let text = written.get(data);
      if (text === undefined) {
        text = serialize(data);
        written.set(data, text);
      }
      return text;
    };
  };
}

/**
 * Sends an answer already written as JSON text (the item list's entries come as JSON from
 * PostgreSQL, ADR 0023). Outside production it is checked as serialised answers are: the schema
 * must accept it, and it may hold no field the schema does not declare.
 */
export function sendJsonText(reply: FastifyReply, text: string, schema: z.ZodType, check: boolean): FastifyReply {
  if (check) {
    const answer: unknown = JSON.parse(text);
    if (!isDeepStrictEqual(schema.parse(answer), answer)) {
      throw new Error(`${reply.request.routeOptions.url} answered with a field its schema does not declare`);
    }
  }
  return reply.type('application/json; charset=utf-8').send(text);
}
