import { useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { AGREEMENT_NOTE_MAX, givesInput } from '@estate/domain/consent';
import { ROLE_KEYS, isRoleCode } from '@estate/domain/roles';
import type { Agreement, ConsentOverview } from '@estate/domain/schemas/agreements';
import { useAgreements } from '../../../shared/api/consent';
import { errorMessage } from '../../../shared/api/error-message';
import { formatDate } from '../../../shared/i18n/format';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { usePolicy } from '../../../shared/session/actor';
import { currentMembership } from '../../../shared/session/current-estate';
import { useSession } from '../../../shared/session/session-context';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { notify } from '../../../shared/ui/notify';
import { PageLayout } from '../../../shared/ui/page-layout';
import { RefusableButton } from '../../../shared/ui/refusable-button';
import { useConsentOverview, usePublishAgreement } from '../api';
import { PlainMarkdown } from '../components/plain-markdown';

type Row = ConsentOverview['members'][number];

/** One acceptance; "not yet" is a warning only for someone who must accept before taking part. */
function Acceptance({ value, current, required }: { value: Row['terms']; current: number; required: boolean }) {
  const { t, i18n } = useTranslation('consent');
  if (!value) return <Chip size="small" color={required ? 'warning' : 'default'} variant={required ? 'filled' : 'outlined'} label={t('trustee.notYet')} />;
  const date = formatDate(value.acceptedAt, i18n.language);
  return value.version === current ? (
    <Typography component="span">{t('trustee.acceptedVersion', { version: value.version, date })}</Typography>
  ) : (
    <Chip size="small" color={required ? 'warning' : 'default'} variant="outlined" label={t('trustee.oldVersion', { version: value.version, date })} />
  );
}

/** Who accepted which version, and when: one card per person (a phone reads it as well as a desk). */
function WhoAccepted({ estateId }: { estateId: string }) {
  const { t } = useTranslation('consent');
  const overview = useConsentOverview(estateId, true);
  if (overview.isPending) return <FullPageLoader />;
  if (overview.isError) return <Alert severity="error">{errorMessage(overview.error, t)}</Alert>;
  const { current, members } = overview.data;
  const taking = members.filter((m) => givesInput(m.roles));
  const roleNames = (roles: number[]) => roles.filter(isRoleCode).map((r) => t(`common:roles.${ROLE_KEYS[r]}.name`)).join(', ');
  return (
    <Box component="section" aria-labelledby="who-accepted" sx={{ mb: 4 }}>
      <Typography id="who-accepted" component="h2" variant="h5" sx={{ mb: 1 }}>
        {t('trustee.title')}
      </Typography>
      <Typography sx={{ mb: 1 }}>{t('trustee.intro')}</Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('trustee.current', current)}
      </Typography>
      <Typography sx={{ mb: 2, fontWeight: 600 }} data-testid="consent-summary">
        {t('trustee.summary', { done: taking.filter((m) => m.current).length, total: taking.length })}
      </Typography>
      <Box component="ul" sx={{ p: 0, m: 0, listStyle: 'none', display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {members.map((m) => (
          <Paper component="li" key={m.memberId} variant="outlined" sx={{ p: 2 }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
              <Typography sx={{ fontWeight: 600, flex: '1 1 auto' }} dir="auto">
                {m.displayName}
              </Typography>
              {m.current && <Chip size="small" color="success" label={t('trustee.allCurrent')} />}
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {roleNames(m.roles)}
            </Typography>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, alignItems: 'center' }}>
              <Typography component="dt" color="text.secondary">
                {t('trustee.terms')}
              </Typography>
              <Box component="dd" sx={{ m: 0 }}>
                <Acceptance value={m.terms} current={current.terms} required={givesInput(m.roles)} />
              </Box>
              <Typography component="dt" color="text.secondary">
                {t('trustee.agreement')}
              </Typography>
              <Box component="dd" sx={{ m: 0 }}>
                <Acceptance value={m.agreement} current={current.agreement} required={givesInput(m.roles)} />
              </Box>
            </Box>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}

/** The trustee's own words under each part of the Agreement, published as a new version (before stage 2). */
function AgreementEditor({ estateId }: { estateId: string }) {
  const agreements = useAgreements(estateId);
  const agreement = agreements.data?.agreements.find((a) => a.kind === 'agreement');
  // A new version (published here or elsewhere) starts the form again from what it says.
  return agreement ? <AgreementForm key={agreement.version} estateId={estateId} agreement={agreement} /> : null;
}

function AgreementForm({ estateId, agreement }: { estateId: string; agreement: Agreement }) {
  const { t } = useTranslation('consent');
  const policy = usePolicy(estateId);
  const publish = usePublishAgreement(estateId);
  const saved = Object.fromEntries(agreement.parts.map((p) => [p.id, p.estateNote ?? '']));
  const [notes, setNotes] = useState<Record<string, string>>(saved);
  const [confirming, setConfirming] = useState(false);
  const changed = agreement.parts.some((p) => (notes[p.id] ?? '').trim() !== (saved[p.id] ?? ''));
  const next = agreement.version + 1;
  const refusal = policy.can('agreement.publish') ? null : t('trustee.publishRefused');
  return (
    <Box component="section" aria-labelledby="agreement-editor">
      <Typography id="agreement-editor" component="h2" variant="h5" sx={{ mb: 1 }}>
        {t('trustee.editTitle')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('trustee.editIntro')}</Typography>
      {agreement.parts.map((part) => (
        <Paper key={part.id} variant="outlined" sx={{ p: 2, mb: 2 }}>
          <Typography component="h3" variant="h6" sx={{ mb: 1 }} dir="auto">
            {part.title}
          </Typography>
          <Accordion disableGutters variant="outlined" sx={{ mb: 1.5 }}>
            <AccordionSummary expandIcon={<ExpandMore />} sx={{ minHeight: 48 }}>
              <Typography>{t('trustee.standardText')}</Typography>
            </AccordionSummary>
            <AccordionDetails>
              <PlainMarkdown text={part.body} />
            </AccordionDetails>
          </Accordion>
          <TextField
            label={t('trustee.noteLabel')}
            multiline
            minRows={2}
            fullWidth
            value={notes[part.id] ?? ''}
            disabled={Boolean(refusal)}
            onChange={(e) => setNotes((old) => ({ ...old, [part.id]: e.target.value }))}
            slotProps={{ htmlInput: { maxLength: AGREEMENT_NOTE_MAX, dir: 'auto' } }}
          />
        </Paper>
      ))}
      <RefusableButton variant="contained" refusal={refusal} hint={!refusal && !changed ? t('trustee.unchanged') : undefined} disabled={!changed || publish.isPending} onClick={() => setConfirming(true)}>
        {t('trustee.publish', { version: next })}
      </RefusableButton>
      {publish.isError && (
        <Alert severity="warning" role="alert" sx={{ mt: 1.5 }}>
          {errorMessage(publish.error, t)}
        </Alert>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="publish-title">
        <DialogTitle id="publish-title">{t('trustee.confirmTitle', { version: next })}</DialogTitle>
        <DialogContent>
          <Typography>{t('trustee.confirmBody')}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} sx={{ minHeight: 48 }}>
            {t('trustee.cancel')}
          </Button>
          <Button
            variant="contained"
            sx={{ minHeight: 48 }}
            onClick={() =>
              publish.mutate(notes, {
                onSuccess: (data) => notify(t('trustee.published', { version: data.agreement.version }), 'success'),
                onSettled: () => setConfirming(false),
              })
            }
          >
            {t('trustee.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** `/trustee/agreements`: who accepted the Terms and the Agreement, and the estate's own words in it. */
export function ConsentOverviewPage() {
  const { t } = useTranslation('consent');
  const { me } = useSession();
  const estateId = currentMembership(me)?.estateId ?? null;
  const policy = usePolicy(estateId);
  return (
    <PageLayout title={t('overview.title')} maxWidth={1000}>
      {estateId && policy.can('agreement.viewAll') && <WhoAccepted estateId={estateId} />}
      {estateId && policy.can('estate.update') && <AgreementEditor estateId={estateId} />}
    </PageLayout>
  );
}
