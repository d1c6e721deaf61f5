/** Form schemas built on the shared ones in @estate/domain, so web and server agree. */
import { z } from 'zod';
import { emailSchema, nameSchema, passwordSchema } from '@estate/domain/schemas/account';

export const loginForm = z.object({
  email: emailSchema,
  password: z.string().min(1, { message: 'validation.required' }),
});

/** Compare the two passwords as soon as both are typed, even while other fields are still empty. */
const bothPasswordsTyped = (payload: { value: unknown }): boolean => {
  const value = payload.value as { password?: unknown; confirmPassword?: unknown } | null;
  return (
    typeof value?.password === 'string' &&
    typeof value.confirmPassword === 'string' &&
    value.confirmPassword !== ''
  );
};

const passwordsMatch = {
  message: 'validation.passwordsMismatch',
  path: ['confirmPassword'],
  when: bothPasswordsTyped,
};

export const newAccountForm = z
  .object({
    firstName: nameSchema,
    lastName: nameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string().min(1, { message: 'validation.required' }),
  })
  .refine((values) => values.password === values.confirmPassword, passwordsMatch);

export const emailForm = z.object({ email: emailSchema });

export const newPasswordForm = z
  .object({
    password: passwordSchema,
    confirmPassword: z.string().min(1, { message: 'validation.required' }),
  })
  .refine((values) => values.password === values.confirmPassword, passwordsMatch);
