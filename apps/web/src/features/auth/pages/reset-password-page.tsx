import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ContainedButton, ContainedLink, TextLink } from '../../../shared/ui/plain-controls';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Callout } from '../../../shared/ui/callout';
import { isApiError } from '../../../shared/api/api-error';
import { errorMessage, fieldMessage } from '../../../shared/api/error-message';
import { AuthFrame } from '../../../shared/ui/auth-frame';
import { PasswordField } from '../../../shared/ui/password-field';
import { resetPassword } from '../api';
import { newPasswordForm } from '../components/form-schemas';
import { HAD_SESSION, setFlag } from '../../../shared/session/session-flags';

/** Set a new password from the link in the reset mail (`?token=`). */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof newPasswordForm>, unknown, z.output<typeof newPasswordForm>>({
    mode: 'onTouched',
    resolver: zodResolver(newPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });

  if (!token) {
    return (
      <AuthFrame title={t('auth.reset.title')}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          <Callout severity="warning">{t('auth.reset.noToken')}</Callout>
          <ContainedLink to="/pages/auth/forgot-password">{t('auth.reset.askNew')}</ContainedLink>
        </Box>
      </AuthFrame>
    );
  }

  if (done) {
    return (
      <AuthFrame title={t('auth.reset.title')}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          <Callout severity="success">{t('sessions:reset.done')}</Callout>
          {/* The answer set this device's refresh cookie (issue 31): a fresh load restores the session. */}
          <ContainedButton onClick={() => window.location.assign('/')}>{t('sessions:reset.continue')}</ContainedButton>
        </Box>
      </AuthFrame>
    );
  }

  const submit = handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      await resetPassword({ token, password });
      // The reset signed this device in; the next page load restores the session from its cookie.
      setFlag(HAD_SESSION, true);
      setDone(true);
    } catch (error) {
      if (isApiError(error) && error.fields.password)
        setError('password', { type: 'server', message: error.fields.password });
      else setFormError(errorMessage(error, t));
    }
  });

  return (
    <AuthFrame title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')}>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          {formError && (
            <Callout severity="error">
              {formError} <TextLink to="/pages/auth/forgot-password">{t('auth.reset.askNew')}</TextLink>
            </Callout>
          )}
          <PasswordField
            {...register('password')}
            label={t('fields.newPassword')}
            autoComplete="new-password"
            required
            error={Boolean(errors.password)}
            helperText={fieldMessage(errors.password?.message, t) ?? t('auth.passwordHint')}
          />
          <PasswordField
            {...register('confirmPassword')}
            label={t('fields.confirmPassword')}
            autoComplete="new-password"
            required
            error={Boolean(errors.confirmPassword)}
            helperText={fieldMessage(errors.confirmPassword?.message, t)}
          />
          <ContainedButton type="submit" disabled={isSubmitting}>
            {t('auth.reset.submit')}
          </ContainedButton>
          <Typography sx={{ textAlign: 'center' }}>
            <TextLink to="/login">{t('auth.backToLogin')}</TextLink>
          </Typography>
        </Box>
      </Box>
    </AuthFrame>
  );
}
