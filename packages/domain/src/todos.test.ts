import { expect, it } from 'vitest';
import { Role } from './roles.js';
import { Stage } from './stages.js';
import { stageTodo } from './todos.js';

const base = { estateId: 'e1', dueAt: '2026-12-01T12:00:00.000Z', done: false };

it('gives beneficiaries a required to-do in each input stage, with its deadline', () => {
  for (const stage of [Stage.Approve, Stage.Interest, Stage.Ranking, Stage.Tokens]) {
    expect(stageTodo({ ...base, stage, roles: [Role.Beneficiary] })).toMatchObject({ required: true, dueAt: base.dueAt, titleKey: `stage.${stage}.todo` });
  }
});

it('gives creators the cataloguing to-do and nobody a to-do in automated stages', () => {
  expect(stageTodo({ ...base, stage: Stage.Cataloging, roles: [Role.Creator] })).toMatchObject({ required: false, path: '/p/e1/i' });
  expect(stageTodo({ ...base, stage: Stage.AssignUnwanted, roles: [Role.Beneficiary, Role.Trustee] })).toBeUndefined();
  expect(stageTodo({ ...base, stage: Stage.Approve, roles: [Role.Observer] })).toBeUndefined();
});

it('gives those who lead the final accounting\'s to-do: what becomes of the unwanted and held items', () => {
  expect(stageTodo({ ...base, stage: Stage.Finalizing, roles: [Role.Trustee] })).toMatchObject({ required: false, path: '/unwanted-items', titleKey: 'stage.90.todo' });
  expect(stageTodo({ ...base, stage: Stage.Finalizing, roles: [Role.Beneficiary] })).toBeUndefined();
  expect(stageTodo({ ...base, stage: Stage.Completed, roles: [Role.Trustee] })).toBeUndefined();
});
