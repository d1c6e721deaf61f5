import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { IMPORT_LIMITS } from '@estate/domain/uploads';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { isApiError } from '../../../shared/api/api-error';
import { notify } from '../../../shared/ui/notify';
import { queryKeys } from '../../../shared/api/query-keys';
import type { ImportPreviewAnswer } from '@estate/domain/schemas/catalogue-io';
import { commitImport, previewImport } from '../api';

// Colours with enough contrast for their white text (MUI's "info" blue has too little).
const ACTION_COLOR = { create: 'success', update: 'primary', unchanged: 'default', error: 'error' } as const;

/** Import from CSV/XLSX: choose a file, see what would change, then confirm. */
export function ImportDialog({ estateId, onClose }: { estateId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreviewAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const limits = {
    megabytes: number(IMPORT_LIMITS.bytes / (1024 * 1024)),
    unpacked: number(IMPORT_LIMITS.unpackedBytes / (1024 * 1024)),
    rows: number(IMPORT_LIMITS.rows),
    columns: number(IMPORT_LIMITS.columns),
    seconds: number(IMPORT_LIMITS.seconds),
  };
  // The server names the exact limit in English; other languages get our sentence with all of them.
  const refusal = (e: unknown) => {
    if (isApiError(e) && e.code === 'too_large' && !(i18n.language.startsWith('en') && e.message)) {
      return t('catalogue:io.tooLarge', limits);
    }
    if (isApiError(e) && e.code === 'unavailable') return t('catalogue:io.busy');
    return errorMessage(e, t);
  };
  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    setPreview(null);
    setError(null);
    // Too big to send at all: said at once, without uploading it.
    if (chosen.size > IMPORT_LIMITS.bytes) {
      setError(t('catalogue:io.fileTooLarge', limits));
      return;
    }
    setBusy(true);
    try {
      setPreview(await previewImport(estateId, chosen));
    } catch (e) {
      setError(refusal(e));
    } finally {
      setBusy(false);
    }
  };
  const confirm = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const result = await commitImport(estateId, file);
      notify(t('catalogue:io.imported', result), 'success');
      void queryClient.invalidateQueries({ queryKey: queryKeys.estate(estateId) });
      onClose();
    } catch (e) {
      setError(refusal(e));
    } finally {
      setBusy(false);
    }
  };
  const summary = preview?.summary;
  const rows = preview?.rows.filter((r) => r.action !== 'unchanged') ?? [];

  return (
    <Dialog open onClose={onClose} fullScreen={phone} maxWidth="md" fullWidth aria-labelledby="import-title">
      <DialogTitle id="import-title">{t('catalogue:io.importTitle')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{t('catalogue:io.importHelp')}</Typography>
        <Button variant="outlined" component="label" disabled={busy}>
          {file ? t('catalogue:io.chooseAnother') : t('catalogue:io.chooseFile')}
          <input
            hidden
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
        </Button>
        {file && (
          <Typography component="span" sx={{ mx: 1 }}>
            {file.name}
          </Typography>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
        {summary && (
          <Box sx={{ mt: 2 }}>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}>
              {/* A count in colour only when it is not zero: "0 with problems" is no alarm. */}
              <Chip
                color={summary.create ? ACTION_COLOR.create : 'default'}
                label={t('catalogue:io.create', { count: summary.create })}
              />
              <Chip
                color={summary.update ? ACTION_COLOR.update : 'default'}
                label={t('catalogue:io.update', { count: summary.update })}
              />
              <Chip label={t('catalogue:io.unchanged', { count: summary.unchanged })} />
              <Chip
                color={summary.error ? ACTION_COLOR.error : 'default'}
                label={t('catalogue:io.errors', { count: summary.error })}
              />
            </Box>
            {summary.create + summary.update + summary.error === 0 && (
              <Alert severity="info" sx={{ mb: 1 }}>
                {t('catalogue:io.nothingToDo')}
              </Alert>
            )}
            {summary.error > 0 && (
              <Alert severity="warning" sx={{ mb: 1 }}>
                {t('catalogue:io.fixProblems')}
              </Alert>
            )}
            {summary.newLocations.length + summary.newRooms.length > 0 && (
              <Typography variant="body2" sx={{ mb: 1 }}>
                {t('catalogue:io.newPlaces', {
                  names: [...summary.newLocations, ...summary.newRooms].join(', '),
                })}
              </Typography>
            )}
            {summary.ignoredColumns.length > 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('catalogue:io.ignored', { names: summary.ignoredColumns.join(', ') })}
              </Typography>
            )}
            {rows.length > 0 && (
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('catalogue:io.row')}</TableCell>
                      <TableCell>{t('catalogue:io.action')}</TableCell>
                      <TableCell>{t('catalogue:io.details')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.slice(0, 500).map((row) => (
                      <TableRow key={row.row}>
                        <TableCell>{row.row}</TableCell>
                        <TableCell>
                          <Chip
                            size="small"
                            color={ACTION_COLOR[row.action]}
                            label={t(`catalogue:io.actions.${row.action}`)}
                          />
                        </TableCell>
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>
                          {row.errors &&
                            Object.entries(row.errors).map(([field, message]) => (
                              <div key={field}>
                                <strong>{field}</strong>: {message}
                              </div>
                            ))}
                          {row.changes &&
                            Object.entries(row.changes).map(([field, change]) => (
                              <div key={field}>
                                <strong>{field}</strong>: {/* A new item has no "before": just its values. */}
                                {row.action === 'create' ? (
                                  <bdi>{change.to ?? '—'}</bdi>
                                ) : (
                                  <>
                                    <bdi>{change.from ?? '—'}</bdi> → <bdi>{change.to ?? '—'}</bdi>
                                  </>
                                )}
                              </div>
                            ))}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('catalogue:common.cancel')}</Button>
        <Button
          variant="contained"
          // The import is all or nothing: a file with a bad row would be refused whole.
          disabled={busy || !summary || summary.error > 0 || summary.create + summary.update === 0}
          onClick={() => void confirm()}
        >
          {t('catalogue:io.confirmImport')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
