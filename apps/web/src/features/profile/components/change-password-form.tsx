import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { passwordSchema } from '@estate/domain/schemas/account';
import { isApiError } from '../../../shared/api/api-error';
import { errorMessage, fieldMessage } from '../../../shared/api/error-message';
import { PasswordField } from '../../../shared/ui/password-field';
import { useChangePassword } from '../api';

const schema = z
  .object({
    currentPassword: z.string().min(1, { message: 'validation.required' }),
    newPassword: passwordSchema,
    confirmPassword: z.string().min(1, { message: 'validation.required' }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'validation.passwordsMismatch',
    path: ['confirmPassword'],
    when: (payload) => {
      const v = payload.value as { newPassword?: unknown; confirmPassword?: unknown } | null;
      return (
        typeof v?.newPassword === 'string' &&
        typeof v.confirmPassword === 'string' &&
        v.confirmPassword !== ''
      );
    },
  });

type Input = z.input<typeof schema>;

/** Current password, new password, and the new one again. */
export function ChangePasswordForm({
  submitLabel,
  onDone,
}: {
  submitLabel: string;
  onDone: () => void | Promise<void>;
}) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, z.output<typeof schema>>({
    mode: 'onTouched',
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const submit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setFormError(null);
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      reset();
      await onDone();
    } catch (error) {
      if (isApiError(error) && (error.code === 'invalid_credentials' || error.fields.currentPassword)) {
        setError('currentPassword', { type: 'server', message: t('profile.password.wrongCurrent') });
      } else if (isApiError(error) && error.fields.newPassword) {
        setError('newPassword', { type: 'server', message: error.fields.newPassword });
      } else {
        setFormError(errorMessage(error, t));
      }
    }
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ maxWidth: 480 }}>
      <Stack spacing={2.5}>
        {formError && <Alert severity="error">{formError}</Alert>}
        <PasswordField
          {...register('currentPassword')}
          label={t('fields.currentPassword')}
          autoComplete="current-password"
          required
          error={Boolean(errors.currentPassword)}
          helperText={fieldMessage(errors.currentPassword?.message, t)}
        />
        <PasswordField
          {...register('newPassword')}
          label={t('fields.newPassword')}
          autoComplete="new-password"
          required
          error={Boolean(errors.newPassword)}
          helperText={fieldMessage(errors.newPassword?.message, t) ?? t('auth.passwordHint')}
        />
        <PasswordField
          {...register('confirmPassword')}
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          required
          error={Boolean(errors.confirmPassword)}
          helperText={fieldMessage(errors.confirmPassword?.message, t)}
        />
        <Box>
          <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
            {submitLabel}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
