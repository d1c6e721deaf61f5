import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Block from '@mui/icons-material/Block';
import ManageAccounts from '@mui/icons-material/ManageAccountsOutlined';
import { ROLE_KEYS, isRoleCode } from '@estate/domain/roles';
import type { MemberDetail } from '@estate/domain/schemas/people';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { isApiError } from '../../../shared/api/api-error';
import { errorMessage } from '../../../shared/api/error-message';
import { formatDate } from '../../../shared/i18n/format';
import { currentMembership } from '../../../shared/session/current-estate';
import { useSession } from '../../../shared/session/session-context';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { PageLayout } from '../../../shared/ui/page-layout';
import { notify } from '../../../shared/ui/notify';
import { RefusableButton } from '../../../shared/ui/refusable-button';
import { useDirectory, useDisableMember, useMemberDetail } from '../directory-api';
import { AccountsView } from '../components/accounts-view';
import { ConfirmDialog } from '../components/confirm-dialog';
import { MemberAvatar } from '../components/member-avatar';
import { RolesDialog } from '../components/roles-dialog';

const LISTS = ['all', 'trustees', 'beneficiaries', 'starred'] as const;
type List = (typeof LISTS)[number];
const isList = (id: string | undefined): id is List => (LISTS as readonly string[]).includes(id ?? '');

/** A card with a heading (h2) for one part of the page. */
function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} component="h2" variant="h3" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * `/trustee/users/:id`: a member's page for trustees (their roles, family links, contact, how far
 * they have taken part, what is due, and the trustee's actions), or, for `all`, `trustees`,
 * `beneficiaries` and `starred`, the seed's participant lists.
 */
export function MemberPage() {
  const { id } = useParams();
  if (isList(id)) return <AccountsView list={id} />;
  return <MemberDetailPage memberId={id ?? ''} />;
}

function MemberDetailPage({ memberId }: { memberId: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { me } = useSession();
  const estate = currentMembership(me);
  const estateId = estate?.estateId ?? null;
  const detail = useMemberDetail(estateId, memberId);
  const directory = useDirectory(estateId);
  const disable = useDisableMember(estateId ?? '');
  const [editingRoles, setEditingRoles] = useState(false);
  const [confirmingDisable, setConfirmingDisable] = useState(false);

  const back = (
    <Button component={RouterLink} to="/trustee/users/all" startIcon={<ArrowBack sx={{ transform: i18n.dir() === 'rtl' ? 'scaleX(-1)' : undefined }} />} sx={{ minHeight: 48 }}>
      {t('people:member.back')}
    </Button>
  );

  if (!estateId) {
    return (
      <PageLayout title={t('pages.memberDetail')}>
        <EmptyState title={t('people:directory.noEstate')} />
      </PageLayout>
    );
  }
  if (detail.isPending) return <FullPageLoader />;
  if (detail.isError) {
    return (
      <PageLayout title={t('pages.memberDetail')} actions={back}>
        {isApiError(detail.error) && detail.error.status === 404 ? (
          <EmptyState title={t('people:member.notFound')} />
        ) : (
          <Alert severity="error">{errorMessage(detail.error, t)}</Alert>
        )}
      </PageLayout>
    );
  }

  const data: MemberDetail = detail.data;
  const { member, participation, refusals } = data;
  const names = new Map((directory.data?.members ?? []).map((m) => [m.id, m.displayName]));
  const parentName = member.receivesThrough ? names.get(member.receivesThrough) : undefined;
  const children = member.receivesFor.map((childId) => ({ id: childId, name: names.get(childId) ?? '' }));
  const stageName = (stage: number) => t(`stage.${stage}.name`, { ns: 'stages' });
  const refusalText = (code: string | undefined) => (code ? t(`people:member.refusals.${code}`) : null);

  const confirmDisable = async () => {
    try {
      await disable.mutateAsync(member.id);
      notify(t('people:member.disabledDone', { name: member.displayName }), 'success');
      setConfirmingDisable(false);
      await navigate('/trustee/users/all', { replace: true });
    } catch (error) {
      setConfirmingDisable(false);
      notify(errorMessage(error, t), 'error');
    }
  };

  return (
    <PageLayout title={member.displayName} subtitle={estate?.estateName} actions={back} maxWidth={960}>
      <Stack spacing={3}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <MemberAvatar name={member.displayName} url={member.avatarUrl} size={72} />
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
              {member.roles.filter(isRoleCode).map((role) => (
                <Chip key={role} label={t(`roles.${ROLE_KEYS[role]}.name`)} color="primary" variant="outlined" sx={{ fontSize: '0.875rem' }} />
              ))}
            </Box>
            <Typography color="text.secondary" sx={{ mt: 0.75 }}>
              {t('people:member.joined', { date: formatDate(member.joinedAt, i18n.language) })}
              {member.invitedBy && ` · ${t('people:member.invitedBy', { name: member.invitedBy })}`}
            </Typography>
          </Box>
        </Box>

        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Section id="member-contact" title={t('people:member.contact')}>
            <Box component="dl" sx={{ m: 0, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, mb: 1.5, overflowWrap: 'anywhere' } }}>
              <dt>{t('people:member.email')}</dt>
              <dd>
                <Link href={`mailto:${member.email}`} dir="ltr">
                  {member.email}
                </Link>
              </dd>
              <dt>{t('people:member.phone')}</dt>
              <dd>
                {member.phone ? (
                  <Link href={`tel:${member.phone.replace(/[^+0-9]/g, '')}`} dir="ltr">
                    {member.phone}
                  </Link>
                ) : (
                  t('people:member.noPhone')
                )}
              </dd>
            </Box>
          </Section>

          <Section id="member-family" title={t('people:member.family')}>
            {parentName && member.receivesThrough && (
              <Typography>
                {t('people:member.through')}{' '}
                <Link component={RouterLink} to={`/trustee/users/${member.receivesThrough}`}>
                  {parentName}
                </Link>
              </Typography>
            )}
            {children.length > 0 && (
              <Typography>
                {t('people:member.for')}{' '}
                {children.map((child, i) => (
                  <span key={child.id}>
                    {i > 0 && ', '}
                    <Link component={RouterLink} to={`/trustee/users/${child.id}`}>
                      {child.name}
                    </Link>
                  </span>
                ))}
              </Typography>
            )}
            {!parentName && children.length === 0 && <Typography color="text.secondary">{t('people:member.noFamily')}</Typography>}
          </Section>
        </Box>

        <Section id="member-participation" title={t('people:member.participation')}>
          {!participation.receiver ? (
            <Typography color="text.secondary">{t('people:member.notReceiver', { name: member.displayName })}</Typography>
          ) : (
            <Stack spacing={0.75}>
              <Typography>
                {t('people:member.approvals', { approved: participation.approvals.approved + participation.approvals.flagged, total: participation.approvals.total })}
                {participation.approvals.flagged > 0 && ` (${t('people:member.flagged', { count: participation.approvals.flagged })})`}
              </Typography>
              <Typography>{t('people:member.hearts', { count: participation.hearts })}</Typography>
              <Typography>{t('people:member.ranked', { count: participation.ranked })}</Typography>
              <Typography>{t('people:member.tokens', { count: participation.tokens })}</Typography>
            </Stack>
          )}
          <Typography component="h3" variant="h5" sx={{ mt: 2, mb: 0.5 }}>
            {t('people:member.dueTitle')}
          </Typography>
          <Typography>
            {!participation.due
              ? t('people:member.nothingDue')
              : participation.due.done
                ? t('people:member.dueDone', { stage: stageName(participation.due.stage) })
                : participation.due.dueAt
                  ? t('people:member.dueOpenBy', { stage: stageName(participation.due.stage), date: formatDate(participation.due.dueAt, i18n.language, true) })
                  : t('people:member.dueOpen', { stage: stageName(participation.due.stage) })}
          </Typography>
          {participation.receiver && (
            <>
              <Typography component="h3" variant="h5" sx={{ mt: 2, mb: 0.5 }}>
                {t('people:member.doneTitle')}
              </Typography>
              {participation.stages.length === 0 ? (
                <Typography color="text.secondary">{t('people:member.noneDone')}</Typography>
              ) : (
                <Box component="ul" sx={{ m: 0, paddingInlineStart: 3 }}>
                  {participation.stages.map((s) => (
                    <li key={s.stage}>
                      {t(s.automatic ? 'people:member.doneAuto' : 'people:member.doneOn', {
                        stage: stageName(s.stage),
                        date: formatDate(s.doneAt, i18n.language),
                      })}
                    </li>
                  ))}
                </Box>
              )}
            </>
          )}
        </Section>

        <Section id="member-actions" title={t('people:member.actions')}>
          <Stack spacing={2}>
            <Box>
              <Button variant="outlined" startIcon={<ManageAccounts />} onClick={() => setEditingRoles(true)} sx={{ minHeight: 48 }}>
                {t('people:member.changeRoles')}
              </Button>
            </Box>
            <RefusableButton
              variant="outlined"
              color="error"
              startIcon={<Block />}
              refusal={refusalText(refusals.disable)}
              onClick={() => setConfirmingDisable(true)}
            >
              {t('people:member.disable')}
            </RefusableButton>
          </Stack>
        </Section>
      </Stack>

      {editingRoles && directory.data && (
        <RolesDialog estateId={estateId} detail={data} members={directory.data.members} onClose={() => setEditingRoles(false)} />
      )}
      {confirmingDisable && (
        <ConfirmDialog
          title={t('people:member.disableTitle', { name: member.displayName })}
          body={t('people:member.disableBody', { name: member.displayName })}
          confirmLabel={t('people:member.disableConfirm')}
          busy={disable.isPending}
          onCancel={() => setConfirmingDisable(false)}
          onConfirm={confirmDisable}
        />
      )}
    </PageLayout>
  );
}
