import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Description from '@mui/icons-material/DescriptionOutlined';
import Download from '@mui/icons-material/FileDownloadOutlined';
import TableChart from '@mui/icons-material/TableChartOutlined';
import DataObject from '@mui/icons-material/DataObjectOutlined';
import Archive from '@mui/icons-material/Inventory2Outlined';
import type { Decision } from '@estate/domain/permissions';
import type { Report } from '@estate/domain/schemas/closing';
import { Stage } from '@estate/domain/stages';
import { errorMessage } from '../../../shared/api/error-message';
import { formatDate } from '../../../shared/i18n/format';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { usePolicy } from '../../../shared/session/actor';
import { notify } from '../../../shared/ui/notify';
import { RefusableButton } from '../../../shared/ui/refusable-button';
import { saveFile } from '../../../shared/api/client';
import { ReportFilesProgress } from '../../../shared/process/report-files-progress';
import { downloadArchive, downloadReport, useRegenerateReports, useReportFiles } from '../api';

const ICONS = { pdf: Description, spreadsheet: TableChart, json: DataObject } as const;

function sizeText(bytes: number, language: string): string {
  const units = ['B', 'kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

/** Why the policy refuses, in plain words (a role refusal is not shown: such a button is hidden). */
function refusalOf(decision: Decision, onlyText: string, closedText: string, supportText: string): string | null {
  if (decision.ok || decision.reason === 'role') return null;
  if (decision.reason === 'support') return supportText;
  return decision.reason === 'closed' ? closedText : onlyText;
}

function FileRow({ estateId, report }: { estateId: string; report: Report }) {
  const { t, i18n } = useTranslation('closing');
  const [busy, setBusy] = useState(false);
  const Icon = ICONS[report.type];
  // Named in the reader's language; the server's English name for a kind this page does not know.
  const name =
    report.kind === 'draw-record' && report.step !== null
      ? t('reports.kinds.draw-record', { stage: t(`stages:stage.${report.step}.name`) })
      : t(`reports.kinds.${report.kind}`, { defaultValue: report.name });
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await downloadReport(estateId, report.id, `${report.kind}.${report.type === 'spreadsheet' ? 'xlsx' : report.type}`));
    } catch (error) {
      notify(errorMessage(error, t), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <ListItem divider sx={{ gap: 2, flexWrap: 'wrap', py: 1.5, px: { xs: 1.5, sm: 2 } }} data-testid="report-file">
      <Icon color="action" aria-hidden="true" sx={{ flexShrink: 0 }} />
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} dir="auto">
          {name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t(`reports.types.${report.type}`)} · {t(`reports.levels.${report.accessLevel}`)} · <bdi dir="ltr">{sizeText(report.size, i18n.language)}</bdi> ·{' '}
          {formatDate(report.createdAt, i18n.language, true)}
        </Typography>
      </Box>
      <Button variant="outlined" startIcon={<Download />} onClick={() => void download()} disabled={busy} sx={{ minHeight: 48 }} aria-label={t('reports.downloadNamed', { name })}>
        {t('reports.download')}
      </Button>
    </ListItem>
  );
}

/**
 * Reports and Trustee Reports: stage 90's files (each caller sees those at their level), the
 * trustee's "make them again", and the whole estate as one ZIP for trustees and observers.
 */
export function ReportFiles({ estateId }: { estateId: string }) {
  const { t } = useTranslation('closing');
  const policy = usePolicy();
  const stage = policy.actor?.stage ?? 0;
  const files = useReportFiles(estateId);
  const regenerate = useRegenerateReports(estateId);
  const [archiveBusy, setArchiveBusy] = useState(false);
  // Home's "Go to the archive" (a closed estate) lands here: bring the archive into view.
  const { hash } = useLocation();
  const archiveBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (hash === '#archive') archiveBox.current?.scrollIntoView({ block: 'start' });
  }, [hash]);
  const finalStage = t(`stages:stage.${Stage.Finalizing}.name`);
  const closedText = t('closed.reason');
  const regenerateDecision = policy.decide('report.generate');
  const archiveDecision = policy.decide('archive.download');
  const mayArchive = !(!archiveDecision.ok && archiveDecision.reason === 'role');
  const mayRegenerate = !(!regenerateDecision.ok && regenerateDecision.reason === 'role');

  const archive = async () => {
    setArchiveBusy(true);
    try {
      saveFile(await downloadArchive(estateId));
      notify(t('archive.done'), 'success');
    } catch (error) {
      notify(errorMessage(error, t), 'error');
    } finally {
      setArchiveBusy(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="report-files-title" sx={{ mb: 4 }}>
      <Typography id="report-files-title" component="h2" variant="h3" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {t('reports.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('reports.explain', { stage: finalStage })}</Typography>
      {files.isPending && <Typography color="text.secondary">{t('reports.loading')}</Typography>}
      {files.isError && <Alert severity="info">{errorMessage(files.error, t)}</Alert>}
      {/* Trustees see how the making goes; everyone else reads that the files are on their way. */}
      {mayRegenerate && <ReportFilesProgress estateId={estateId} enabled={stage === Stage.Finalizing} />}
      {files.data && files.data.length === 0 && !(mayRegenerate && stage === Stage.Finalizing) && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {stage === Stage.Finalizing ? t('reports.beingMade') : t('reports.empty', { stage: finalStage })}
        </Alert>
      )}
      {files.data && files.data.length > 0 && (
        <Paper variant="outlined" sx={{ mb: 2 }}>
          <List disablePadding aria-label={t('reports.title')}>
            {files.data.map((report) => (
              <FileRow key={report.id} estateId={estateId} report={report} />
            ))}
          </List>
        </Paper>
      )}
      {mayRegenerate && stage >= Stage.Finalizing && (
        <Box sx={{ mb: 3 }}>
          <RefusableButton
            variant="outlined"
            onClick={() =>
              regenerate.mutate(undefined, {
                onSuccess: () => notify(t('reports.regenerated'), 'success'),
                onError: (error) => notify(errorMessage(error, t), 'error'),
              })
            }
            disabled={regenerate.isPending}
            refusal={refusalOf(regenerateDecision, t('reports.regenerateOnlyIn90', { stage: finalStage }), closedText, t('support:refusal'))}
          >
            {t('reports.regenerate')}
          </RefusableButton>
          {regenerateDecision.ok && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {t('reports.regenerateHint')}
            </Typography>
          )}
        </Box>
      )}
      {mayArchive && (
        <Paper ref={archiveBox} id="archive" variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, scrollMarginTop: 80 }}>
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', mb: 1 }}>
            <Archive color="action" aria-hidden="true" />
            <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1.1rem' }}>
              {t('archive.title')}
            </Typography>
          </Box>
          <Typography sx={{ mb: 2 }}>{t('archive.explain')}</Typography>
          <RefusableButton
            variant="contained"
            startIcon={<Download />}
            onClick={() => void archive()}
            disabled={archiveBusy}
            refusal={archiveDecision.ok ? null : t('archive.notYet', { stage: finalStage })}
          >
            {archiveBusy ? t('archive.downloading') : t('archive.download')}
          </RefusableButton>
        </Paper>
      )}
    </Box>
  );
}
