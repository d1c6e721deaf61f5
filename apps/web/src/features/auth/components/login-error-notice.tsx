import { errorMessage } from '../../../shared/api/error-message';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Callout } from '../../../shared/ui/callout';
import { TextLink } from '../../../shared/ui/plain-controls';

type Props = { error: unknown; unconfirmedEmail?: string };

/** Why signing in failed (loaded only when it does, to keep the sign-in page small). */
export function LoginErrorNotice({ error, unconfirmedEmail }: Props) {
  const { t } = useTranslation();
  return (
    <Callout severity="error">
      {unconfirmedEmail ? t('errors.emailNotConfirmed') : errorMessage(error, t)}
      {unconfirmedEmail && (
        <>
          {' '}
          <TextLink to={`/pages/auth/mail-confirm?email=${encodeURIComponent(unconfirmedEmail)}`}>
            {t('auth.mailConfirm.resendLink')}
          </TextLink>
        </>
      )}
    </Callout>
  );
}
