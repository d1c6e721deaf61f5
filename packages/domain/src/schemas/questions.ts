/**
 * Questions on a result (issue 30; api.md "Settlement, history, questions"): from the published
 * results (40) to the wrap-up (90) a beneficiary asks about an item's result; the trustee answers
 * that it is kept or changed. The asker is told in the app and by mail.
 */
import { z } from 'zod';
import { text } from './text.js';

export const QUESTION_TEXT_MAX = 2000;
export const QUESTION_OUTCOMES = ['kept', 'changed'] as const;
export type QuestionOutcome = (typeof QUESTION_OUTCOMES)[number];

export const askQuestionBody = z.strictObject({ text: text(QUESTION_TEXT_MAX, { trim: true, required: true }) });
export type AskQuestionBody = z.infer<typeof askQuestionBody>;

/**
 * `reassignTo` (extension of api.md): with "changed", the item's new receiver (a beneficiary's
 * member id), or null for nobody (the item becomes unwanted). Left out, the answer is words only.
 */
export const answerQuestionBody = z
  .strictObject({
    text: text(QUESTION_TEXT_MAX, { trim: true, required: true }),
    outcome: z.enum(QUESTION_OUTCOMES),
    reassignTo: z.uuid().nullable().optional(),
  })
  .refine((v) => v.reassignTo === undefined || v.outcome === 'changed', { message: 'validation.reassignNeedsChanged', path: ['reassignTo'] });
export type AnswerQuestionBody = z.infer<typeof answerQuestionBody>;

export const questionSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  /** The item's number and name, for the list (as it is now). */
  itemLabel: z.string(),
  itemName: z.string(),
  memberId: z.string(),
  memberName: z.string(),
  text: z.string(),
  createdAt: z.string(),
  answer: z
    .object({ text: z.string(), outcome: z.enum(QUESTION_OUTCOMES), at: z.string(), by: z.string().nullable(), byName: z.string().nullable() })
    .nullable(),
});
export type Question = z.infer<typeof questionSchema>;

export const questionAnswer = z.object({ question: questionSchema });
export type QuestionAnswer = z.infer<typeof questionAnswer>;
export const questionsAnswer = z.object({ questions: z.array(questionSchema) });
export type QuestionsAnswer = z.infer<typeof questionsAnswer>;
