import { Suspense, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PersonAdd from '@mui/icons-material/PersonAddAlt';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { currentMembership } from '../../../shared/session/current-estate';
import { useSession } from '../../../shared/session/session-context';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { PageLayout } from '../../../shared/ui/page-layout';
import { useMembers } from '../../../shared/api/members';
import { useInvitations } from '../api';
import { lazyNamed } from '../../../shared/ui/lazy-named';
import { InvitationList } from '../components/invitation-list';
import { MemberList } from '../components/member-list';

const InviteDialog = lazyNamed(() => import('../components/invite-dialog'), 'InviteDialog');

/** `/trustee/users/all` (Accounts): the members, inviting new ones, and the invitations sent. */
export function AccountsPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const estate = currentMembership(me);
  const estateId = estate?.estateId ?? null;
  const members = useMembers(estateId);
  const invitations = useInvitations(estateId, true);
  const [inviting, setInviting] = useState(false);
  const [now] = useState(() => Date.now());

  if (!estate) {
    return (
      <PageLayout title={t('nav.accounts')}>
        <EmptyState title={t('members.noEstate')} />
      </PageLayout>
    );
  }

  return (
    <PageLayout
      title={t('nav.accounts')}
      subtitle={estate.estateName}
      actions={
        <Button variant="contained" startIcon={<PersonAdd />} onClick={() => setInviting(true)}>
          {t('members.invite.button')}
        </Button>
      }
    >
      <Stack spacing={4}>
        <section aria-labelledby="members-heading">
          <Typography id="members-heading" component="h2" variant="h3" sx={{ mb: 1.5 }}>
            {t('members.title')}
          </Typography>
          {members.isPending && <FullPageLoader />}
          {members.isError && <Alert severity="error">{errorMessage(members.error, t)}</Alert>}
          {members.data && <MemberList members={members.data} />}
        </section>
        <section aria-labelledby="invitations-heading">
          <Typography id="invitations-heading" component="h2" variant="h3" sx={{ mb: 1.5 }}>
            {t('members.invitations.title')}
          </Typography>
          {invitations.isError && <Alert severity="error">{errorMessage(invitations.error, t)}</Alert>}
          {invitations.data?.length === 0 && (
            <Typography color="text.secondary">{t('members.invitations.none')}</Typography>
          )}
          {invitations.data && invitations.data.length > 0 && (
            <InvitationList invitations={invitations.data} now={now} />
          )}
        </section>
      </Stack>
      {inviting && (
        <Suspense fallback={null}>
          <InviteDialog
            open
            onClose={() => setInviting(false)}
            estateId={estate.estateId}
            estateName={estate.estateName}
            members={members.data ?? []}
          />
        </Suspense>
      )}
    </PageLayout>
  );
}
