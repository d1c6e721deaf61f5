import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import ManageAccounts from '@mui/icons-material/ManageAccountsOutlined';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { currentMembership } from '../../../shared/session/current-estate';
import { useSession } from '../../../shared/session/session-context';
import { usePolicy } from '../../../shared/session/actor';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { PageLayout } from '../../../shared/ui/page-layout';
import { useMembers } from '../../../shared/api/members';
import { MemberList } from '../components/member-list';

/** `/members`: the estate's member directory, read-only, for everyone in the estate. */
export function MembersPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const estate = currentMembership(me);
  const members = useMembers(estate?.estateId ?? null);
  const canInvite = usePolicy().can('member.invite');

  return (
    <PageLayout
      title={t('members.title')}
      subtitle={estate?.estateName}
      actions={
        canInvite && (
          <Button
            component={RouterLink}
            to="/trustee/users/all"
            variant="outlined"
            startIcon={<ManageAccounts />}
          >
            {t('members.manage')}
          </Button>
        )
      }
    >
      {!estate && <EmptyState title={t('members.noEstate')} />}
      {estate && members.isPending && <FullPageLoader />}
      {members.isError && <Alert severity="error">{errorMessage(members.error, t)}</Alert>}
      {members.data && <MemberList members={members.data} />}
    </PageLayout>
  );
}
