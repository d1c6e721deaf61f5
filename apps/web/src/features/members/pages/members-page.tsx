import { Link as RouterLink, useSearchParams } from 'react-router';
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
import { useDirectory } from '../directory-api';
import { DirectoryView, isDirectoryFilter, type DirectoryFilter } from '../components/directory-view';

/** `/members`: the estate's people for everyone, with their own stars and groups (`?show=` a list). */
export function MembersPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const estate = currentMembership(me);
  const estateId = estate?.estateId ?? null;
  const directory = useDirectory(estateId);
  const policy = usePolicy();
  const [params, setParams] = useSearchParams();
  const show = params.get('show');
  const filter: DirectoryFilter = isDirectoryFilter(show) ? show : 'all';
  const trustee = policy.can('member.viewDetail');
  const invite = policy.decide('member.invite');
  const mayManage = invite.ok || invite.reason !== 'role';

  return (
    <PageLayout
      title={t('people:directory.title')}
      subtitle={estate?.estateName}
      actions={
        // The way to the accounts, which a closed estate still shows: for whoever's role may invite.
        mayManage && (
          <Button component={RouterLink} to="/trustee/users/all" variant="outlined" startIcon={<ManageAccounts />} sx={{ minHeight: 48 }}>
            {t('members.manage')}
          </Button>
        )
      }
    >
      {!estate && <EmptyState title={t('people:directory.noEstate')} />}
      {estate && directory.isPending && <FullPageLoader />}
      {directory.isError && <Alert severity="error">{errorMessage(directory.error, t)}</Alert>}
      {estateId && directory.data && (
        <DirectoryView
          estateId={estateId}
          directory={directory.data}
          filter={filter}
          onFilter={(next) => setParams(next === 'all' ? {} : { show: next }, { replace: true })}
          memberPath={trustee ? (id) => `/trustee/users/${id}` : undefined}
        />
      )}
    </PageLayout>
  );
}
