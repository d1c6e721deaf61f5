/** Lesson progress: kept per person, resumed anywhere, and seen by the estate's trustees. */
import { expect, it } from 'vitest';
import { Role } from '@estate/domain/roles';
import { call, useHarness } from '../../test/harness.js';
import { addMember, createEstate, createUser } from '../../test/factories.js';

const h = useHarness();

it('keeps a person’s place in each lesson, so they resume where they left off', async () => {
  const anna = await createUser(h);
  const fresh = (await call(h, 'GET', '/api/lessons', { as: anna })).json().courses;
  expect(fresh.map((c: { id: string }) => c.id)).toEqual(['how-things-work', 'distribution-methodology']);
  expect(fresh[0]).toEqual({
    id: 'how-things-work',
    slug: 'how-things-work',
    category: 'introduction',
    length: 5,
    totalSteps: 6,
    activeStep: 1,
    furthestStep: 0,
    completedAt: null,
    updatedAt: null,
  });

  const put = (courseId: string, body: object) => call(h, 'PUT', `/api/lessons/${courseId}/progress`, { as: anna, body });
  expect((await put('how-things-work', { activeStep: 4 })).json().course).toMatchObject({ activeStep: 4, furthestStep: 4, completedAt: null });
  expect((await put('how-things-work', { activeStep: 2 })).json().course).toMatchObject({ activeStep: 2, furthestStep: 4 });

  // Another device (a new sign-in) opens the lesson at step 2.
  const resumed = (await call(h, 'GET', '/api/lessons', { as: anna })).json().courses[0];
  expect(resumed).toMatchObject({ activeStep: 2, furthestStep: 4, updatedAt: h.clock.now.toISOString() });

  const finished = (await put('how-things-work', { activeStep: 6, completed: true })).json().course;
  expect(finished).toMatchObject({ activeStep: 6, furthestStep: 6, completedAt: h.clock.now.toISOString() });
  h.clock.advance(60_000);
  // Reading it again later keeps the first finish.
  expect((await put('how-things-work', { activeStep: 1 })).json().course.completedAt).toBe(finished.completedAt);

  // Someone else's place is their own.
  const ben = await createUser(h);
  expect((await call(h, 'GET', '/api/lessons', { as: ben })).json().courses[0].furthestStep).toBe(0);
});

it('refuses a step outside the lesson, a finish before the last step, and an unknown lesson', async () => {
  const anna = await createUser(h);
  const put = (courseId: string, body: object) => call(h, 'PUT', `/api/lessons/${courseId}/progress`, { as: anna, body });
  const tooFar = await put('how-things-work', { activeStep: 7 });
  expect(tooFar.statusCode).toBe(400);
  expect(tooFar.json().error.fields).toHaveProperty('activeStep');
  expect((await put('how-things-work', { activeStep: 3, completed: true })).statusCode).toBe(400);
  expect((await put('how-things-work', { activeStep: 0 })).statusCode).toBe(400);
  expect((await put('cooking', { activeStep: 1 })).statusCode).toBe(404);
  expect((await call(h, 'PUT', '/api/lessons/how-things-work/progress', { body: { activeStep: 1 } })).statusCode).toBe(401);
});

it('shows the estate’s trustees and observers who has finished each lesson, and nobody else', async () => {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const anna = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const observer = await addMember(h, estateId, trustee, [Role.Observer]);
  await call(h, 'PUT', '/api/lessons/how-things-work/progress', { as: anna, body: { activeStep: 6, completed: true } });
  await call(h, 'PUT', '/api/lessons/distribution-methodology/progress', { as: anna, body: { activeStep: 5 } });
  const outsider = await createUser(h);
  await call(h, 'PUT', '/api/lessons/how-things-work/progress', { as: outsider, body: { activeStep: 6, completed: true } });

  const res = await call(h, 'GET', `/api/estates/${estateId}/lessons/progress`, { as: trustee });
  expect(res.statusCode).toBe(200);
  const members = res.json().members;
  expect(members).toHaveLength(3); // the estate's members only
  const row = members.find((m: { memberId: string }) => m.memberId === anna.id);
  expect(row.courses).toEqual([
    { courseId: 'how-things-work', totalSteps: 6, furthestStep: 6, completedAt: h.clock.now.toISOString() },
    { courseId: 'distribution-methodology', totalSteps: 23, furthestStep: 5, completedAt: null },
  ]);
  expect((await call(h, 'GET', `/api/estates/${estateId}/lessons/progress`, { as: observer })).statusCode).toBe(200);
  expect((await call(h, 'GET', `/api/estates/${estateId}/lessons/progress`, { as: anna })).statusCode).toBe(403);
  expect((await call(h, 'GET', `/api/estates/${estateId}/lessons/progress`, { as: outsider })).statusCode).toBe(404);
});
