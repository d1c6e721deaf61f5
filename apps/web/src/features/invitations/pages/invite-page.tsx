import { useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { ContainedButton, ContainedLink, OutlinedButton } from '../../../shared/ui/plain-controls';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ROLE_KEYS, isRoleCode } from '@estate/domain/roles';
import { errorMessage } from '../../../shared/api/error-message';
import { QueryProvider } from '../../../shared/api/query-client';
import { formatDate } from '../../../shared/i18n/format';
import { setRedirectUrl } from '../../../shared/session/redirect-url';
import { useSession } from '../../../shared/session/session-context';
import { AuthFrame } from '../../../shared/ui/auth-frame';
import { Callout } from '../../../shared/ui/callout';
import { Spinner } from '../../../shared/ui/spinner';
import { notify } from '../../../shared/ui/notify';
import { useAcceptInvitation, useInvitationPreview } from '../api';

/** `/invite/:token`: who invited whom to which estate, and the way in (join, register or sign in). */
export function InvitePage() {
  return (
    <QueryProvider>
      <Invitation />
    </QueryProvider>
  );
}

function Invitation() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const { status, me } = useSession();
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation(token);
  const here = `/invite/${encodeURIComponent(token)}`;

  if (preview.isPending) {
    return (
      <AuthFrame title={t('invite.title')}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }} role="status">
          <Spinner size={24} />
          <Typography>{t('invite.loading')}</Typography>
        </Box>
      </AuthFrame>
    );
  }

  if (preview.isError) {
    return (
      <AuthFrame title={t('invite.title')}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          <Callout severity="warning">{t('invite.invalid')}</Callout>
          <ContainedLink to="/">{t('errors.goHome')}</ContainedLink>
        </Box>
      </AuthFrame>
    );
  }

  const invitation = preview.data;
  const signedIn = status === 'signed-in' && me !== null;
  const otherPerson = signedIn && me.user.email.toLowerCase() !== invitation.email.toLowerCase();

  const join = async () => {
    try {
      await accept.mutateAsync();
      notify(t('invite.joined', { estate: invitation.estateName }), 'success');
      await navigate('/i/', { replace: true });
    } catch (error) {
      notify(errorMessage(error, t), 'error');
    }
  };

  const signInFirst = () => {
    setRedirectUrl(here);
    void navigate('/login');
  };

  return (
    <AuthFrame title={t('invite.heading', { estate: invitation.estateName })} wide>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        <Typography>
          {t('invite.intro', { inviter: invitation.invitedBy, estate: invitation.estateName })}
        </Typography>
        <Box>
          <Typography sx={{ fontWeight: 600, mb: 1 }}>{t('invite.asRoles')}</Typography>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            {invitation.roles.filter(isRoleCode).map((role) => (
              <Box key={role}>
                <Chip label={t(`roles.${ROLE_KEYS[role]}.name`)} color="primary" sx={{ mb: 0.5 }} />
                <Typography variant="body2" color="text.secondary">
                  {t(`roles.${ROLE_KEYS[role]}.description`)}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('invite.sentTo', { email: invitation.email })}{' '}
          {t('invite.expires', { date: formatDate(invitation.expiresAt, i18n.language) })}
        </Typography>

        {signedIn ? (
          <>
            {otherPerson && (
              <Callout severity="warning">{t('invite.otherAccount', { email: me.user.email })}</Callout>
            )}
            <ContainedButton type="button" onClick={() => void join()} disabled={accept.isPending}>
              {t('invite.join', { estate: invitation.estateName })}
            </ContainedButton>
          </>
        ) : invitation.accountExists ? (
          <ContainedButton type="button" onClick={signInFirst}>
            {t('invite.signInToJoin')}
          </ContainedButton>
        ) : (
          <>
            <ContainedLink
              to={`/register?invitation=${encodeURIComponent(token)}&email=${encodeURIComponent(invitation.email)}`}
            >
              {t('invite.createAccount')}
            </ContainedLink>
            <OutlinedButton type="button" onClick={signInFirst}>
              {t('invite.haveAccount')}
            </OutlinedButton>
          </>
        )}
      </Box>
    </AuthFrame>
  );
}
