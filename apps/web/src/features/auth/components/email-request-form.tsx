import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import { ContainedButton } from '../../../shared/ui/plain-controls';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Callout } from '../../../shared/ui/callout';
import { TextInput } from '../../../shared/ui/text-input';
import { errorMessage, fieldMessage } from '../../../shared/api/error-message';
import { emailForm } from './form-schemas';

type Props = {
  defaultEmail?: string;
  submitLabel: string;
  /** Shown after the request went out (the server answers the same whether or not the address exists). */
  doneMessage: string;
  onSubmit: (email: string) => Promise<void>;
};

/** One email field and a button: used to resend a confirmation and to ask for a password reset. */
export function EmailRequestForm({ defaultEmail = '', submitLabel, doneMessage, onSubmit }: Props) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ done: boolean; error: string | null }>({ done: false, error: null });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof emailForm>, unknown, z.output<typeof emailForm>>({
    mode: 'onTouched',
    resolver: zodResolver(emailForm),
    defaultValues: { email: defaultEmail },
  });
  const submit = handleSubmit(async ({ email }) => {
    setState({ done: false, error: null });
    try {
      await onSubmit(email);
      setState({ done: true, error: null });
    } catch (error) {
      setState({ done: false, error: errorMessage(error, t) });
    }
  });
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        {state.done && <Callout severity="success">{doneMessage}</Callout>}
        {state.error && <Callout severity="error">{state.error}</Callout>}
        <TextInput
          {...register('email')}
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          required
          error={Boolean(errors.email)}
          helperText={fieldMessage(errors.email?.message, t)}
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
        />
        <ContainedButton type="submit" disabled={isSubmitting}>
          {submitLabel}
        </ContainedButton>
      </Box>
    </Box>
  );
}
