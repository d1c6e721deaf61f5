import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializer, sendJsonText } from './serializer.js';

const answer = z.object({ name: z.string(), count: z.number(), note: z.string().nullable() });

async function appWith(check: boolean, body: unknown, asText = false) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializer({ check }));
  app.get('/x', { schema: { response: { 200: answer } } }, (_req, reply) => {
    if (asText) sendJsonText(reply, JSON.stringify(body), answer, check);
    else void reply.send(body as z.infer<typeof answer>);
  });
  await app.ready();
  return app;
}

describe('answers', () => {
  it('writes only the fields the schema declares', async () => {
    for (const check of [false, true]) {
      const app = await appWith(check, { name: 'Lamp', count: 2, note: null, secret: 'who hearted it' });
      const res = await app.inject('/x');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ name: 'Lamp', count: 2, note: null });
      await app.close();
    }
  });

  it('refuses an answer of the wrong shape outside production', async () => {
    const app = await appWith(true, { name: 'Lamp', count: 'two', note: null });
    expect((await app.inject('/x')).statusCode).toBe(500);
    await app.close();
  });

  it('checks answers written as text too: no undeclared field, the right shape', async () => {
    const good = await appWith(true, { name: 'Lamp', count: 2, note: null }, true);
    const res = await good.inject('/x');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ name: 'Lamp', count: 2, note: null });
    await good.close();
    for (const body of [{ name: 'Lamp', count: 2, note: null, secret: 'x' }, { name: 'Lamp', count: '2', note: null }]) {
      const app = await appWith(true, body, true);
      expect((await app.inject('/x')).statusCode).toBe(500);
      await app.close();
    }
  });
});
