import { Suspense, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ContainedButton, OutlinedLink, TextLink } from '../../../shared/ui/plain-controls';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { isApiError } from '../../../shared/api/api-error';
import { useSession } from '../../../shared/session/session-context';
import { AuthFrame } from '../../../shared/ui/auth-frame';
import { lazyNamed } from '../../../shared/ui/lazy-named';
import { PasswordField } from '../../../shared/ui/password-field';
import { TextInput } from '../../../shared/ui/text-input';
import { isEmail, normalizeEmail } from '../../../shared/validation/email';

type Field = 'email' | 'password';

const LoginErrorNotice = lazyNamed(() => import('../components/login-error-notice'), 'LoginErrorNotice');

/**
 * Sign in with email and password (seed section 5 "Login"): the button stays disabled until both
 * are valid, the email is lower-cased, and the server's field errors appear on their field.
 * Written without the form and schema libraries so this first page stays light.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const { signIn } = useSession();
  const [values, setValues] = useState({ email: '', password: '' });
  const [touched, setTouched] = useState({ email: false, password: false });
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<{ error: unknown; unconfirmedEmail?: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // A wrong password is said under the field, but the button stays usable: the person may have
  // typed it right on a second look, or changed the email instead.
  const [wrongPassword, setWrongPassword] = useState(false);

  const email = normalizeEmail(values.email);
  const emailValid = isEmail(email);
  const passwordValid = values.password.length > 0 && values.password.length <= 128;
  const errors: Partial<Record<Field, string>> = {
    email: serverErrors.email ?? (touched.email && !emailValid ? t('validation.email') : undefined),
    password:
      serverErrors.password ??
      (wrongPassword ? t('errors.invalidCredentials') : undefined) ??
      (touched.password && !passwordValid ? t('validation.required') : undefined),
  };
  const canSubmit =
    emailValid && passwordValid && !serverErrors.email && !serverErrors.password && !submitting;

  const change = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
    setWrongPassword(false);
  };
  const blur = (field: Field) => () => {
    setTouched((v) => ({ ...v, [field]: true }));
    if (field === 'email') setValues((v) => ({ ...v, email: normalizeEmail(v.email) }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    setFormError(null);
    setWrongPassword(false);
    setSubmitting(true);
    setValues((v) => ({ ...v, email }));
    try {
      await signIn({ email, password: values.password });
      // The route guard now leaves this guest-only page for the stored redirect URL or home.
    } catch (error) {
      setSubmitting(false);
      if (!isApiError(error)) {
        setFormError({ error });
      } else if (error.code === 'invalid_credentials') {
        setWrongPassword(true);
      } else if (error.code === 'email_not_confirmed') {
        setFormError({ error, unconfirmedEmail: email });
      } else if (error.fields.email || error.fields.password) {
        setServerErrors({ email: error.fields.email, password: error.fields.password });
      } else {
        setFormError({ error });
      }
    }
  };

  return (
    <AuthFrame title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-label={t('auth.login.title')}
      >
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          {formError && (
            <Suspense fallback={null}>
              <LoginErrorNotice error={formError.error} unconfirmedEmail={formError.unconfirmedEmail} />
            </Suspense>
          )}
          <TextInput
            name="email"
            label={t('fields.email')}
            type="email"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            autoFocus
            value={values.email}
            onChange={change('email')}
            onBlur={blur('email')}
            error={Boolean(errors.email)}
            helperText={errors.email}
          />
          <PasswordField
            name="password"
            label={t('fields.password')}
            autoComplete="current-password"
            required
            value={values.password}
            onChange={change('password')}
            onBlur={blur('password')}
            error={Boolean(errors.password)}
            helperText={errors.password}
          />
          <Box sx={{ textAlign: 'end' }}>
            <TextLink to="/pages/auth/forgot-password">{t('auth.login.forgot')}</TextLink>
          </Box>
          <ContainedButton type="submit" disabled={!canSubmit}>
            {submitting ? t('auth.login.submitting') : t('auth.login.submit')}
          </ContainedButton>
          {/* Without a password: a one-time link by mail (for people who find passwords hard). */}
          <OutlinedLink to={emailValid ? `/pages/auth/sign-in-link?email=${encodeURIComponent(email)}` : '/pages/auth/sign-in-link'}>
            {t('people:signInLink.offer')}
          </OutlinedLink>
          <Typography sx={{ textAlign: 'center' }}>
            {t('auth.login.noAccount')} <TextLink to="/register">{t('auth.login.register')}</TextLink>
          </Typography>
        </Box>
      </Box>
    </AuthFrame>
  );
}
