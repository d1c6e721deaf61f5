/** Answers of the todos module (`GET /api/todos`): what each of the caller's estates asks of them now. */
import { z } from 'zod';

export const todoSchema = z.object({
  id: z.string(),
  estateId: z.string(),
  stage: z.number(),
  /** i18n key of the title (the stage's `todo` text). */
  titleKey: z.string(),
  dueAt: z.string().nullable(),
  required: z.boolean(),
  done: z.boolean(),
  /** Where in the app the member does it. */
  path: z.string(),
});
export type Todo = z.infer<typeof todoSchema>;

export const todosAnswer = z.object({ todos: z.array(todoSchema) });
export type TodosAnswer = z.infer<typeof todosAnswer>;
