/**
 * A step's record (the full record, or the caller's own copy) and its check on the server. The list
 * of records and a record's download are shared (shared/api/draws.ts): the control panel uses them too.
 */
import type { DrawAnswer, VerifyAnswer } from '@estate/domain/schemas/draws';
import { api } from '../../shared/api/client';

const base = (estateId: string) => `/api/estates/${encodeURIComponent(estateId)}`;

export function fetchRecord(estateId: string, step: number): Promise<DrawAnswer> {
  return api<DrawAnswer>(`${base(estateId)}/draws/${step}`);
}

export function verifyRecord(record: unknown): Promise<VerifyAnswer> {
  return api<VerifyAnswer>('/api/draws/verify', { method: 'POST', body: record });
}
