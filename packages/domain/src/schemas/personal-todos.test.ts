import { expect, it } from 'vitest';
import { createTodoBody, handleFor, updateTodoBody } from './personal-todos.js';

it('makes a readable handle, unique among the person’s own, never a reserved word', () => {
  expect(handleFor('House clearing', [])).toBe('house-clearing');
  expect(handleFor('House clearing', ['house-clearing'])).toBe('house-clearing-2');
  expect(handleFor('All', [])).toBe('all-2');
  expect(handleFor('Çeyiz sandığı', [])).toBe('ceyiz-sandigi');
  expect(handleFor('أوراق', [])).toBe('أوراق');
  expect(handleFor('!!!', [])).toBe('list');
});

it('takes a title and optional fields, and refuses an empty change', () => {
  expect(createTodoBody.safeParse({ title: '  Call the appraiser ' }).data?.title).toBe('Call the appraiser');
  expect(createTodoBody.safeParse({ title: ' ' }).success).toBe(false);
  expect(createTodoBody.safeParse({ title: 'x', dueAt: 'tomorrow' }).success).toBe(false);
  expect(updateTodoBody.safeParse({}).success).toBe(false);
  expect(updateTodoBody.safeParse({ starred: true }).success).toBe(true);
});
