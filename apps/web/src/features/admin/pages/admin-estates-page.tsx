import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { ROLE_KEYS, isRoleCode } from '@estate/domain/roles';
import type { AdminEstate } from '@estate/domain/schemas/closing';
import { errorMessage } from '../../../shared/api/error-message';
import { formatDate } from '../../../shared/i18n/format';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { PageLayout } from '../../../shared/ui/page-layout';
import { useAdminEstates, useSupportView, useSupportVisit } from '../estates-api';
import { activityWords } from '../activity-words';

function sizeText(bytes: number, language: string): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 110 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography>
        <bdi>{value}</bdi>
      </Typography>
    </Box>
  );
}

function EstateFacts({ estate }: { estate: AdminEstate }) {
  const { t, i18n } = useTranslation('closing');
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 1.5, sm: 3 } }}>
      <Fact label={t('admin.stage')} value={t(`stages:stage.${estate.stage}.name`)} />
      <Fact label={t('admin.members')} value={number(estate.members)} />
      <Fact label={t('admin.items')} value={number(estate.items)} />
      <Fact label={t('admin.size')} value={sizeText(estate.size, i18n.language)} />
      <Fact label={t('admin.lastActivity')} value={estate.lastActivityAt ? formatDate(estate.lastActivityAt, i18n.language, true) : t('admin.never')} />
    </Box>
  );
}

/** `/admin/estates`: every estate of the installation; open one read-only for support. */
export function AdminEstatesPage() {
  const { t } = useTranslation('closing');
  const estates = useAdminEstates();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<AdminEstate | null>(null);
  return (
    <PageLayout title={t('admin.title')} subtitle={t('admin.subtitle')} maxWidth={1000}>
      {estates.isPending && <FullPageLoader />}
      {estates.isError && <Alert severity="error">{errorMessage(estates.error, t)}</Alert>}
      {estates.data?.length === 0 && <EmptyState title={t('admin.empty')} />}
      {estates.data && estates.data.length > 0 && (
        <Paper variant="outlined">
          <List disablePadding aria-label={t('admin.title')}>
            {estates.data.map((estate) => (
              <ListItem key={estate.id} divider sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, py: 2, px: { xs: 1.5, sm: 2.5 } }} data-testid="admin-estate">
                <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 700, fontSize: '1.1rem', mb: 1, overflowWrap: 'anywhere' }} dir="auto">
                    {estate.name}
                  </Typography>
                  <EstateFacts estate={estate} />
                </Box>
                <Button variant="outlined" startIcon={<Visibility />} sx={{ minHeight: 48 }} onClick={() => setConfirming(estate)} aria-label={t('admin.openNamed', { name: estate.name })}>
                  {t('admin.open')}
                </Button>
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} aria-labelledby="support-confirm-title">
        <DialogTitle id="support-confirm-title">{t('admin.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('admin.confirmText')}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
          <Button onClick={() => setConfirming(null)} sx={{ minHeight: 48 }}>
            {t('admin.cancel')}
          </Button>
          <Button variant="contained" sx={{ minHeight: 48 }} onClick={() => confirming && void navigate(`/admin/estates/${confirming.id}`)}>
            {t('admin.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </PageLayout>
  );
}

/** `/admin/estates/:eid`: one estate, read-only, for support (opening it is in the estate's log). */
export function AdminEstateSupportPage() {
  const { t, i18n } = useTranslation('closing');
  const { eid = '' } = useParams();
  const view = useSupportView(eid);
  const visit = useSupportVisit();
  const navigate = useNavigate();
  const activitySentence = (action: string, actor: string) => {
    const words = activityWords(action);
    return t(`common:${words.key}`, { actor, ...(words.entity ? { what: t(`common:${words.entity}`) } : {}) });
  };
  const roleNames = (roles: number[]) => roles.filter(isRoleCode).map((r) => t(`common:roles.${ROLE_KEYS[r]}.name`, { defaultValue: ROLE_KEYS[r] }));
  return (
    <PageLayout
      title={view.data ? t('admin.support.title', { name: view.data.estate.name }) : t('admin.title')}
      actions={
        <Button component={RouterLink} to="/admin/estates" startIcon={<ArrowBack sx={{ transform: i18n.dir() === 'rtl' ? 'scaleX(-1)' : undefined }} />} sx={{ minHeight: 48 }}>
          {t('admin.support.back')}
        </Button>
      }
      maxWidth={1000}
    >
      {view.isPending && <FullPageLoader />}
      {view.isError && <Alert severity="error">{errorMessage(view.error, t)}</Alert>}
      {view.data && (
        <>
          <Alert severity="info" icon={<Visibility />} sx={{ mb: 3 }}>
            {t('admin.support.readOnly')}
          </Alert>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 3 }}>
            <Button
              variant="outlined"
              startIcon={<Visibility />}
              sx={{ minHeight: 48 }}
              disabled={visit.isPending}
              onClick={() => visit.mutate(eid, { onSuccess: () => void navigate('/') })}
            >
              {t('support:lookAround')}
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 260px' }}>
              {t('support:lookAroundHint')}
            </Typography>
          </Box>
          {visit.isError && <Alert severity="error" sx={{ mb: 3 }}>{errorMessage(visit.error, t)}</Alert>}
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, mb: 3 }}>
            <EstateFacts estate={view.data.estate} />
          </Paper>
          <Typography component="h2" variant="h3" sx={{ fontSize: '1.2rem', mb: 1 }}>
            {t('admin.support.membersTitle')}
          </Typography>
          <Paper variant="outlined" sx={{ mb: 3 }}>
            <List disablePadding aria-label={t('admin.support.membersTitle')}>
              {view.data.members.map((m) => (
                <ListItem key={m.id} divider sx={{ gap: 1, flexWrap: 'wrap', py: 1.25 }}>
                  <Typography sx={{ flex: '1 1 180px' }} dir="auto">
                    {m.name}
                  </Typography>
                  {roleNames(m.roles).map((r) => (
                    <Chip key={r} label={r} size="small" />
                  ))}
                </ListItem>
              ))}
            </List>
          </Paper>
          <Typography component="h2" variant="h3" sx={{ fontSize: '1.2rem', mb: 1 }}>
            {t('admin.support.activityTitle')}
          </Typography>
          <Paper variant="outlined" sx={{ mb: 3 }}>
            {view.data.activity.length === 0 ? (
              <Typography sx={{ p: 2 }}>{t('admin.support.noActivity')}</Typography>
            ) : (
              <List disablePadding aria-label={t('admin.support.activityTitle')}>
                {view.data.activity.map((a) => (
                  <ListItem key={a.id} divider sx={{ gap: 1, flexWrap: 'wrap', py: 1 }}>
                    <Typography sx={{ flex: '1 1 200px' }} dir="auto">
                      {activitySentence(a.action, a.actorName ?? t('admin.support.someone'))}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {formatDate(a.at, i18n.language, true)}
                    </Typography>
                  </ListItem>
                ))}
              </List>
            )}
          </Paper>
          <Typography component="h2" variant="h3" sx={{ fontSize: '1.2rem', mb: 1 }}>
            {t('admin.support.reportsTitle')}
          </Typography>
          {view.data.reports.length === 0 ? (
            <Typography>{t('admin.support.noReports')}</Typography>
          ) : (
            <Paper variant="outlined">
              <List disablePadding>
                {view.data.reports.map((r) => (
                  <ListItem key={r.id} divider sx={{ py: 1 }}>
                    <Typography dir="auto">
                      {r.kind === 'draw-record' && r.step !== null
                        ? t('reports.kinds.draw-record', { stage: t(`stages:stage.${r.step}.name`) })
                        : t(`reports.kinds.${r.kind}`, { defaultValue: r.name })}{' '}
                      · {t(`reports.types.${r.type}`)} · {t(`reports.levels.${r.accessLevel}`)}
                    </Typography>
                  </ListItem>
                ))}
              </List>
            </Paper>
          )}
        </>
      )}
    </PageLayout>
  );
}
