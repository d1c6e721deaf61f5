import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import { ContainedButton } from '../../../shared/ui/plain-controls';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Callout } from '../../../shared/ui/callout';
import { isApiError } from '../../../shared/api/api-error';
import { errorMessage, fieldMessage } from '../../../shared/api/error-message';
import { PasswordField } from '../../../shared/ui/password-field';
import { TextInput } from '../../../shared/ui/text-input';
import { newAccountForm } from './form-schemas';

type Input = z.input<typeof newAccountForm>;
type Output = z.output<typeof newAccountForm>;
type Field = keyof Input;

type Props = {
  submitLabel: string;
  defaultEmail?: string;
  /** The email cannot be changed (an invitation was sent to it). */
  emailLocked?: boolean;
  onSubmit: (values: Omit<Output, 'confirmPassword'>) => Promise<void>;
  footer?: ReactNode;
};

const FIELDS: readonly Field[] = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'];

/** First Name, Last Name, Email, Password, Confirm Password: used by the first-run screen and register. */
export function NewAccountForm({ submitLabel, defaultEmail = '', emailLocked, onSubmit, footer }: Props) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    trigger,
    getFieldState,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    mode: 'onTouched',
    resolver: zodResolver(newAccountForm),
    defaultValues: { firstName: '', lastName: '', email: defaultEmail, password: '', confirmPassword: '' },
  });

  const submit = handleSubmit(async ({ confirmPassword: _confirm, ...values }) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      const fields = isApiError(error) ? Object.entries(error.fields) : [];
      let placed = false;
      for (const [name, message] of fields) {
        if ((FIELDS as readonly string[]).includes(name)) {
          setError(name as Field, { type: 'server', message });
          placed = true;
        }
      }
      if (!placed) setFormError(errorMessage(error, t));
    }
  });

  const err = (name: Field) => fieldMessage(errors[name]?.message, t);

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        {formError && <Callout severity="error">{formError}</Callout>}
        <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2.5 }}>
          <TextInput
            {...register('firstName')}
            label={t('fields.firstName')}
            autoComplete="given-name"
            required
            error={Boolean(errors.firstName)}
            helperText={err('firstName')}
          />
          <TextInput
            {...register('lastName')}
            label={t('fields.lastName')}
            autoComplete="family-name"
            required
            error={Boolean(errors.lastName)}
            helperText={err('lastName')}
          />
        </Box>
        <TextInput
          {...register('email')}
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          required
          error={Boolean(errors.email)}
          helperText={err('email')}
          readOnly={emailLocked}
          inputMode="email"
        />
        <PasswordField
          {...register('password', {
            onChange: () => {
              if (getFieldState('confirmPassword').isTouched) void trigger('confirmPassword');
            },
          })}
          label={t('fields.password')}
          autoComplete="new-password"
          required
          error={Boolean(errors.password)}
          helperText={err('password') ?? t('auth.passwordHint')}
        />
        <PasswordField
          {...register('confirmPassword')}
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          required
          error={Boolean(errors.confirmPassword)}
          helperText={err('confirmPassword')}
        />
        <ContainedButton type="submit" disabled={isSubmitting}>
          {submitLabel}
        </ContainedButton>
        {footer}
      </Box>
    </Box>
  );
}
