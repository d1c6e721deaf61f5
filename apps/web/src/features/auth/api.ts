/**
 * Account calls used by the sign-in pages. Plain functions (no query cache), so these pages stay
 * light.
 */
import type { UserAnswer } from '@estate/domain/schemas/auth';
import { api } from '../../shared/api/client';

export type NewAccount = { firstName: string; lastName: string; email: string; password: string };

export const createFirstAdmin = (body: NewAccount) =>
  api<UserAnswer>('/api/setup', { method: 'POST', body, auth: false });

export const registerAccount = (body: NewAccount & { invitation?: string }) =>
  api<UserAnswer>('/api/auth/register', { method: 'POST', body, auth: false });

export const confirmEmail = (token: string) =>
  api<void>('/api/auth/confirm-email', { method: 'POST', body: { token }, auth: false });

export const resendConfirmation = (email: string) =>
  api<void>('/api/auth/resend-confirmation', { method: 'POST', body: { email }, auth: false });

export const forgotPassword = (email: string) =>
  api<void>('/api/auth/forgot-password', { method: 'POST', body: { email }, auth: false });

export const resetPassword = (body: { token: string; password: string }) =>
  api<void>('/api/auth/reset-password', { method: 'POST', body, auth: false });
