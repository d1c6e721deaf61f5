/** The archive's records/questions.csv (issue 30): every question on a result and its answer. */
import type { Db } from '../../db/client.js';
import { listAllQuestions } from './service.js';

export const QUESTION_COLUMNS = ['Number', 'Item', 'Asked by', 'Asked at', 'Question', 'Answer', 'Outcome', 'Answered by', 'Answered at'];

export async function questionRows(db: Db, estateId: string): Promise<string[][]> {
  const questions = await listAllQuestions(db, estateId);
  return questions.map((q) => [
    q.itemLabel,
    q.itemName,
    q.memberName,
    q.createdAt,
    q.text,
    q.answer?.text ?? '',
    q.answer ? (q.answer.outcome === 'kept' ? 'Kept' : 'Changed') : 'Not answered',
    q.answer?.byName ?? '',
    q.answer?.at ?? '',
  ]);
}
