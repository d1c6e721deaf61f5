import { Suspense, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PersonAdd from '@mui/icons-material/PersonAddAlt';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { queryKeys } from '../../../shared/api/query-keys';
import { currentMembership } from '../../../shared/session/current-estate';
import { usePolicy } from '../../../shared/session/actor';
import { useSession } from '../../../shared/session/session-context';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { lazyNamed } from '../../../shared/ui/lazy-named';
import { PageLayout } from '../../../shared/ui/page-layout';
import { RefusableButton } from '../../../shared/ui/refusable-button';
import { useOffer } from '../../../shared/ui/offer';
import { useDirectory } from '../directory-api';
import { DirectoryView, type DirectoryFilter } from './directory-view';
import { DisabledMembers } from './disabled-members';
import { PendingInvitations } from './pending-invitations';

const InviteDialog = lazyNamed(() => import('./invite-dialog'), 'InviteDialog');

/** Where a filter lives in the address: `/trustee/users/<list>`, a group as `…/all?group=<id>`. */
export function accountsPath(filter: DirectoryFilter): string {
  return filter.startsWith('group:') ? `/trustee/users/all?group=${encodeURIComponent(filter.slice(6))}` : `/trustee/users/${filter}`;
}

/**
 * The trustees' view of the people (`/trustee/users/all`, Accounts, and the seed's lists
 * `/trustee/users/trustees|beneficiaries|starred`): the directory with each person's page, inviting,
 * the invitations not yet accepted, and the people disabled in this estate.
 */
export function AccountsView({ list }: { list: 'all' | 'trustees' | 'beneficiaries' | 'starred' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const { me } = useSession();
  const estate = currentMembership(me);
  const estateId = estate?.estateId ?? null;
  const directory = useDirectory(estateId);
  const policy = usePolicy();
  const invite = useOffer(policy.actor?.stage ?? 0)(policy.decide('member.invite'));
  const [inviting, setInviting] = useState(false);
  const group = params.get('group');
  const filter: DirectoryFilter = list === 'all' && group ? `group:${group}` : list;

  if (!estate || !estateId) {
    return (
      <PageLayout title={t('nav.accounts')}>
        <EmptyState title={t('people:directory.noEstate')} />
      </PageLayout>
    );
  }

  return (
    <PageLayout
      title={t('people:directory.accountsTitle')}
      subtitle={estate.estateName}
      actions={
        invite.shown && (
          <RefusableButton variant="contained" startIcon={<PersonAdd />} onClick={() => setInviting(true)} refusal={invite.refusal}>
            {t('people:directory.invite')}
          </RefusableButton>
        )
      }
    >
      {directory.isPending && <FullPageLoader />}
      {directory.isError && <Alert severity="error">{errorMessage(directory.error, t)}</Alert>}
      {directory.data && (
        <Stack spacing={5}>
          <DirectoryView
            estateId={estateId}
            directory={directory.data}
            filter={filter}
            onFilter={(next) => void navigate(accountsPath(next))}
            memberPath={(id) => `/trustee/users/${id}`}
          />
          {directory.data.invitations && (
            <section aria-labelledby="invitations-heading">
              <Typography id="invitations-heading" component="h2" variant="h3" sx={{ mb: 1.5 }}>
                {t('people:invitations.title')}
              </Typography>
              <PendingInvitations estateId={estateId} invitations={directory.data.invitations} />
            </section>
          )}
          {directory.data.disabled && directory.data.disabled.length > 0 && (
            <section aria-labelledby="disabled-heading">
              <Typography id="disabled-heading" component="h2" variant="h3" sx={{ mb: 1.5 }}>
                {t('people:disabled.title')}
              </Typography>
              <DisabledMembers estateId={estateId} people={directory.data.disabled} />
            </section>
          )}
        </Stack>
      )}
      {inviting && (
        <Suspense fallback={null}>
          <InviteDialog
            open
            onClose={() => {
              setInviting(false);
              void queryClient.invalidateQueries({ queryKey: queryKeys.directory(estateId) });
            }}
            estateId={estateId}
            estateName={estate.estateName}
            members={directory.data?.members ?? []}
          />
        </Suspense>
      )}
    </PageLayout>
  );
}
