import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { itemLabel } from '@estate/domain/item-status';
import { Role } from '@estate/domain/roles';
import { Stage } from '@estate/domain/stages';
import type { Flag } from '@estate/domain/schemas/approvals';
import type { Item, ListItem as PoolItem } from '@estate/domain/schemas/items';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { formatDate } from '../../../shared/i18n/format';
import { notify } from '../../../shared/ui/notify';
import { useMembers } from '../../../shared/api/members';
import { openDocument, useDocuments } from '../../../shared/api/documents';
import {
  useApprovalProgress,
  useCommitments,
  useDirectives,
  useEstateMutation,
  useFlags,
  useItemNow,
  useParticipation,
  useRecommendations,
} from '../api';
import { ItemChooser } from './item-chooser';
import { Section } from './section';

function ErrorNote({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert severity="warning" role="alert" sx={{ my: 1 }}>
      {errorMessage(error, t)}
    </Alert>
  );
}

/** Stage 2: each beneficiary's approvals, and the flags to resolve. */
export function ApprovalsPanel({ estateId }: { estateId: string }) {
  const { t } = useTranslation();
  const progress = useApprovalProgress(estateId, true);
  const flags = useFlags(estateId, true);
  const all = flags.data?.flags ?? [];
  // Open flags first; the decided ones stay below as a record.
  const ordered = [...all.filter((f) => !f.resolution), ...all.filter((f) => f.resolution)];
  const open = all.filter((f) => !f.resolution).length;
  return (
    <Section title={t('process:approvals.title')} id="panel-approvals">
      <ErrorNote error={progress.error ?? flags.error} />
      {progress.data && (
        <List dense disablePadding>
          {progress.data.members.map((m) => {
            const done = m.approved + m.approvedAutomatically + m.flagged;
            const total = progress.data.totalItems || 1;
            return (
              <ListItem key={m.memberId} disableGutters sx={{ display: 'block', pb: 1 }}>
                <ListItemText
                  primary={m.displayName}
                  secondary={t('process:approvals.progress', {
                    approved: m.approved + m.approvedAutomatically,
                    flagged: m.flagged,
                    total: progress.data.totalItems,
                  })}
                />
                <LinearProgress
                  variant="determinate"
                  value={Math.min(100, (done / total) * 100)}
                  aria-label={t('process:approvals.progressLabel', { name: m.displayName })}
                />
              </ListItem>
            );
          })}
        </List>
      )}
      <Typography component="h3" variant="h4" sx={{ fontSize: '1.05rem', mt: 2, mb: 1 }}>
        {t('process:approvals.flags')}
      </Typography>
      {flags.data && (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {open > 0
            ? t('process:approvals.openCount', { count: open })
            : ordered.length > 0
              ? t('process:approvals.allResolved')
              : t('process:approvals.noFlags')}
        </Typography>
      )}
      {ordered.map((f) => (
        <FlagRow key={`${f.itemId}-${f.memberId}`} estateId={estateId} flag={f} />
      ))}
    </Section>
  );
}

/** A field's value in words: lists joined, objects as JSON, nothing as a dash. */
function show(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (Array.isArray(value)) return value.map((v) => show(v)).join(', ');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '—';
}

function FlagRow({ estateId, flag }: { estateId: string; flag: Flag }) {
  const { t } = useTranslation();
  const open = !flag.resolution;
  // The item as it stands, to show next to each suggested value.
  const current = useItemNow(estateId, flag.itemId, Boolean(flag.suggestion) && open);
  // Field names and values in the reader's words ("Brand/Author", "Divide"), not the data's.
  const fieldName = (field: string) => t(`catalogue:fields.${field}`, { defaultValue: field });
  const value = (field: string, v: unknown) =>
    field === 'distribution' && (v === 'divide' || v === 'return')
      ? t(`catalogue:distribution.${v}`)
      : show(v);
  const now = (field: string) => (current.data ? value(field, current.data[field as keyof Item]) : '…');
  const [note, setNote] = useState('');
  const resolve = useEstateMutation<'accepted' | 'rejected'>(estateId, (resolution) => ({
    path: `/items/${flag.itemId}/approvals/${flag.memberId}/resolve`,
    method: 'POST',
    body: { resolution, ...(note.trim() ? { note: note.trim() } : {}) },
  }));
  const titleId = `flag-${flag.itemId}-${flag.memberId}`;
  return (
    <Box
      component="article"
      aria-labelledby={titleId}
      data-testid="flag"
      sx={{ border: 1, borderColor: open ? 'secondary.main' : 'divider', borderRadius: 1, p: 1.5, mb: 1 }}
    >
      <Typography id={titleId} component="h4" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        <Link component={RouterLink} to={`/p/${estateId}/i/${flag.itemId}`}>
          <bdi>{itemLabel(flag.itemNumber)}</bdi> · <bdi>{flag.itemName}</bdi>
        </Link>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('process:approvals.flaggedBy', { name: flag.memberName })}
      </Typography>
      {flag.comment && (
        // The beneficiary's own words, in their own direction, set off rather than quoted.
        <Typography
          component="blockquote"
          sx={{
            m: 0,
            mt: 1,
            py: 0.25,
            px: 1.5,
            borderInlineStart: (theme) => `3px solid ${theme.palette.divider}`,
            overflowWrap: 'anywhere',
          }}
        >
          <bdi>{flag.comment}</bdi>
        </Typography>
      )}
      {flag.suggestion && Object.keys(flag.suggestion).length > 0 && (
        <>
          <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }}>
            {t('process:approvals.suggestion')}
          </Typography>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'minmax(120px, auto) 1fr' },
              columnGap: 2,
            }}
          >
            {Object.entries(flag.suggestion).map(([field, suggested]) => (
              <Box key={field} sx={{ display: 'contents' }}>
                <Typography component="dt" color="text.secondary">
                  {fieldName(field)}
                </Typography>
                <Typography component="dd" sx={{ m: 0, mb: { xs: 0.5, sm: 0 }, overflowWrap: 'anywhere' }}>
                  {open
                    ? t('process:approvals.change', { from: now(field), to: value(field, suggested) })
                    : t('process:approvals.suggested', { to: value(field, suggested) })}
                </Typography>
              </Box>
            ))}
          </Box>
        </>
      )}
      {flag.resolution ? (
        <Chip
          sx={{ mt: 1 }}
          color={flag.resolution === 'accepted' ? 'success' : 'default'}
          variant="outlined"
          label={t(`process:approvals.resolution.${flag.resolution}`)}
        />
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5, alignItems: 'center' }}>
          <TextField
            size="small"
            label={t('process:approvals.note')}
            helperText={t('process:approvals.noteHelp')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            sx={{ flex: { xs: '1 1 100%', sm: '1 1 240px' } }}
          />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignSelf: 'flex-start' }}>
            <Button
              variant="contained"
              onClick={() => resolve.mutate('accepted')}
              disabled={resolve.isPending}
            >
              {flag.suggestion ? t('process:approvals.accept') : t('process:approvals.acknowledge')}
            </Button>
            <Button
              variant="outlined"
              onClick={() => resolve.mutate('rejected')}
              disabled={resolve.isPending}
            >
              {t('process:approvals.reject')}
            </Button>
          </Box>
        </Box>
      )}
      <ErrorNote error={resolve.error} />
    </Box>
  );
}

/** Opens the document a directive names (the will, the trust deed), when the reader may see it. */
function DirectiveDocument({ estateId, documentId }: { estateId: string; documentId: string | null }) {
  const { t } = useTranslation();
  const documents = useDocuments(estateId, Boolean(documentId));
  const doc = documents.data?.documents.find((d) => d.id === documentId);
  if (!doc) return null;
  return (
    <Button
      size="small"
      onClick={() => void openDocument(estateId, doc).catch((e: unknown) => notify(errorMessage(e, t), 'error'))}
      aria-label={`${t('documents:directive.open')}: ${doc.name}`}
      sx={{ minHeight: 48 }}
    >
      {t('documents:directive.open')}
    </Button>
  );
}

/** Stage 10: written directives (item → receiver with the clause) and Return items. */
export function DirectivesPanel({ estateId }: { estateId: string }) {
  const { t } = useTranslation();
  const directives = useDirectives(estateId, true);
  const members = useMembers(estateId);
  const [chosen, setChosen] = useState<PoolItem | null>(null);
  const itemId = chosen?.id ?? '';
  const [memberId, setMemberId] = useState('');
  const [clause, setClause] = useState('');
  // The will or trust deed the clause comes from, from the estate's documents (optional).
  const [documentId, setDocumentId] = useState('');
  const documents = useDocuments(estateId);
  const receivers = (members.data ?? []).filter((m) => m.roles.includes(Role.Beneficiary));
  const create = useEstateMutation<void>(estateId, () => ({
    path: '/directives',
    method: 'POST',
    body: { itemId, memberId, clause, ...(documentId ? { documentId } : {}) },
  }));
  const giveBack = useEstateMutation<void>(estateId, () => ({
    path: '/returns',
    method: 'POST',
    body: { itemId, ...(memberId ? { memberId } : {}), note: clause },
  }));
  const remove = useEstateMutation<string>(estateId, (iid) => ({
    path: `/directives/${iid}`,
    method: 'DELETE',
  }));
  const reset = () => {
    setChosen(null);
    setMemberId('');
    setClause('');
    setDocumentId('');
  };
  return (
    <Section title={t('process:directives.title')} id="panel-directives">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('process:directives.explain')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, maxWidth: 560 }}>
        <ItemChooser estateId={estateId} label={t('process:directives.item')} value={chosen} onChange={setChosen} />
        <TextField
          select
          label={t('process:directives.receiver')}
          value={memberId}
          onChange={(e) => setMemberId(e.target.value)}
        >
          {receivers.map((m) => (
            <MenuItem key={m.id} value={m.id}>
              {m.displayName}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('process:directives.clause')}
          helperText={t('process:directives.clauseHelp')}
          multiline
          minRows={2}
          value={clause}
          onChange={(e) => setClause(e.target.value)}
        />
        {(documents.data?.documents.length ?? 0) > 0 && (
          <TextField
            select
            label={t('documents:directive.document')}
            helperText={t('documents:directive.help')}
            value={documentId}
            onChange={(e) => setDocumentId(e.target.value)}
          >
            <MenuItem value="">{t('documents:directive.none')}</MenuItem>
            {(documents.data?.documents ?? []).map((d) => (
              <MenuItem key={d.id} value={d.id} dir="auto">
                {d.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            disabled={!itemId || !memberId || !clause.trim() || create.isPending}
            onClick={() =>
              create.mutate(undefined, {
                onSuccess: () => {
                  reset();
                  notify(t('process:directives.saved'), 'success');
                },
              })
            }
          >
            {t('process:directives.assign')}
          </Button>
          <Button
            variant="outlined"
            disabled={!itemId || giveBack.isPending}
            onClick={() =>
              giveBack.mutate(undefined, {
                onSuccess: () => {
                  reset();
                  notify(t('process:directives.returned'), 'success');
                },
              })
            }
          >
            {t('process:directives.return')}
          </Button>
        </Box>
        <ErrorNote error={create.error ?? giveBack.error} />
      </Box>
      <List>
        {(directives.data?.directives ?? []).map((d) => (
          <ListItem key={d.itemId} disableGutters divider sx={{ display: 'block' }}>
            <ListItemText
              primary={
                <>
                  <bdi>{d.label}</bdi> · {d.name} →{' '}
                  {d.reason === 'return' ? t('process:directives.returnLabel') : (d.memberName ?? '')}
                </>
              }
              secondary={d.clause ?? d.note ?? ''}
              slotProps={{ secondary: { dir: 'auto' } }}
            />
            <DirectiveDocument estateId={estateId} documentId={d.documentId} />
            <Button
              size="small"
              onClick={() => remove.mutate(d.itemId)}
              aria-label={`${t('process:directives.remove')}: ${d.name}`}
            >
              {t('process:directives.remove')}
            </Button>
          </ListItem>
        ))}
      </List>
      <ErrorNote error={remove.error} />
    </Section>
  );
}

/**
 * Stages 2, 11, 20, 30: who has said they are done. In the review (2), someone who has answered
 * every item has finished too (the stage machine counts them so), even before pressing "I'm done".
 */
export function DonePanel({ estateId, stage }: { estateId: string; stage: number }) {
  const { t, i18n } = useTranslation();
  const participation = useParticipation(estateId, stage, true);
  const progress = useApprovalProgress(estateId, stage === Stage.Approve);
  if (!participation.data) return null;
  const members = participation.data.members;
  const totalItems = progress.data?.totalItems ?? 0;
  const answeredAll = new Set(
    (progress.data?.members ?? [])
      .filter((m) => totalItems > 0 && m.approved + m.approvedAutomatically + m.flagged >= totalItems)
      .map((m) => m.memberId),
  );
  const finished = (m: (typeof members)[number]) => Boolean(m.doneAt) || answeredAll.has(m.memberId);
  const done = members.filter(finished).length;
  return (
    <Section title={t('process:done.title')} id="panel-done">
      <Typography sx={{ mb: 1 }}>{t('process:done.count', { done, total: members.length })}</Typography>
      <List dense disablePadding>
        {members.map((m) => (
          <ListItem key={m.memberId} disableGutters>
            <ListItemText
              primary={m.displayName}
              secondary={
                m.doneAt
                  ? t(m.automatic ? 'process:done.automatic' : 'process:done.doneAt', {
                      date: formatDate(m.doneAt, i18n.language, true),
                    })
                  : answeredAll.has(m.memberId)
                    ? t('process:done.reviewedAll', { count: totalItems })
                    : t('process:done.notYet')
              }
            />
          </ListItem>
        ))}
      </List>
    </Section>
  );
}

/** Stage 12: recommendations at the threshold; the trustee confirms, adds or removes flags. */
export function HighInterestPanel({ estateId }: { estateId: string }) {
  const { t } = useTranslation();
  const recs = useRecommendations(estateId, true);
  const toggle = useEstateMutation<{ itemId: string; on: boolean }>(estateId, ({ itemId, on }) => ({
    path: `/items/${itemId}/high-interest`,
    method: on ? 'PUT' : 'DELETE',
  }));
  return (
    <Section title={t('process:highInterest.title')} id="panel-hi">
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('process:highInterest.explain', { threshold: recs.data?.threshold ?? 6 })}
      </Typography>
      <ErrorNote error={toggle.error} />
      <List dense>
        {(recs.data?.items ?? []).map((i) => (
          <ListItem key={i.itemId} disableGutters>
            <Checkbox
              edge="start"
              checked={i.highInterest}
              onChange={(e) => toggle.mutate({ itemId: i.itemId, on: e.target.checked })}
              slotProps={{ input: { 'aria-label': t('process:highInterest.flag', { name: i.name }) } }}
            />
            <ListItemText
              primary={`${i.label} · ${i.name}`}
              secondary={t('process:highInterest.interested', { count: i.interestCount })}
            />
            {i.recommended && (
              <Chip
                size="small"
                color="primary"
                variant="outlined"
                label={t('process:highInterest.recommended')}
              />
            )}
          </ListItem>
        ))}
      </List>
      {recs.data?.items.length === 0 && <Typography>{t('process:highInterest.none')}</Typography>}
    </Section>
  );
}

/** The draw commitments (published when stage 11 opens) and the secrets revealed after each step. */
export function CommitmentsPanel({ estateId }: { estateId: string }) {
  const { t } = useTranslation();
  const commitments = useCommitments(estateId, true);
  const list = commitments.data?.commitments ?? [];
  if (list.length === 0) return null;
  return (
    <Section title={t('process:commitments.title')} id="panel-commitments">
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('process:commitments.explain')}
      </Typography>
      {list.map((c) => (
        <Box key={c.step} sx={{ mb: 1.5 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {t('process:commitments.step', { step: c.step, name: t(`stages:stage.${c.step}.name`) })}
          </Typography>
          {/* The label reads in the page's direction; the hash keeps its own order (bdi). */}
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
            {t('process:commitments.commitment')}:{' '}
            <Box component="bdi" dir="ltr" sx={{ fontFamily: 'monospace' }}>
              {c.commitment}
            </Box>
          </Typography>
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
            {t('process:commitments.secret')}:{' '}
            {c.secret ? (
              <Box component="bdi" dir="ltr" sx={{ fontFamily: 'monospace' }}>
                {c.secret}
              </Box>
            ) : (
              t('process:commitments.hidden')
            )}
          </Typography>
        </Box>
      ))}
    </Section>
  );
}

/** Stage 40: show beneficiaries the full draw records. */
export function PublishPanel({ estateId, published }: { estateId: string; published: boolean }) {
  const { t } = useTranslation();
  const publish = useEstateMutation<void>(estateId, () => ({ path: '/draws/publish', method: 'POST' }));
  return (
    <Section title={t('process:publish.title')} id="panel-publish">
      <Typography sx={{ mb: 1 }}>{t('process:publish.explain')}</Typography>
      {published || publish.isSuccess ? (
        <Alert severity="success">{t('process:publish.done')}</Alert>
      ) : (
        <Button variant="contained" onClick={() => publish.mutate()} disabled={publish.isPending}>
          {t('process:publish.button')}
        </Button>
      )}
      <ErrorNote error={publish.error} />
    </Section>
  );
}
