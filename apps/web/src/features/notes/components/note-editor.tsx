import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Add from '@mui/icons-material/AddOutlined';
import Close from '@mui/icons-material/Close';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import UnarchiveOutlined from '@mui/icons-material/UnarchiveOutlined';
import { NOTE_CHECKLIST_MAX, NOTE_LABELS_MAX, type Note } from '@estate/domain/schemas/notes';
import { errorMessage } from '../../../shared/api/error-message';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { notify } from '../../../shared/ui/notify';
import { useCreateNote, useDeleteNote, useUpdateNote } from '../api';

type Draft = {
  title: string;
  description: string;
  checklist: { text: string; checked: boolean }[];
  labels: string[];
  reminder: string;
};

/** "2030-05-01T09:00" in the reader's time zone, as the date-and-time field takes it. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function draftOf(note: Note | null): Draft {
  return {
    title: note?.title ?? '',
    description: note?.description ?? '',
    checklist: note?.checklist.map((c) => ({ ...c })) ?? [],
    labels: note?.labels ?? [],
    reminder: toLocalInput(note?.reminderAt ?? null),
  };
}

type Props = { note: Note | null; open: boolean; onClose: () => void };

/** Writing or changing a note: title, words, a checklist, labels, a reminder; archive or delete. */
export function NoteEditor({ note, open, onClose }: Props) {
  const { t } = useTranslation('notes');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [draft, setDraft] = useState(() => draftOf(note));
  const [newCheck, setNewCheck] = useState('');
  const [newLabel, setNewLabel] = useState('');
  const [titleError, setTitleError] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const create = useCreateNote();
  const update = useUpdateNote();
  const remove = useDeleteNote();
  const busy = create.isPending || update.isPending || remove.isPending;

  const change = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const addCheck = () => {
    const text = newCheck.trim();
    if (!text || draft.checklist.length >= NOTE_CHECKLIST_MAX) return;
    change({ checklist: [...draft.checklist, { text, checked: false }] });
    setNewCheck('');
  };
  const addLabel = () => {
    const name = newLabel.trim();
    if (!name || draft.labels.length >= NOTE_LABELS_MAX) return;
    if (!draft.labels.some((l) => l.toLocaleLowerCase() === name.toLocaleLowerCase())) change({ labels: [...draft.labels, name] });
    setNewLabel('');
  };

  const save = async () => {
    if (!draft.title.trim()) {
      setTitleError(true);
      return;
    }
    const pendingCheck = newCheck.trim();
    const checklist = pendingCheck ? [...draft.checklist, { text: pendingCheck, checked: false }] : draft.checklist;
    const reminderAt = draft.reminder ? new Date(draft.reminder).toISOString() : null;
    const body = { title: draft.title.trim(), description: draft.description, checklist, labels: draft.labels };
    try {
      if (note) {
        const reminderChanged = reminderAt !== (note.reminderAt ? new Date(note.reminderAt).toISOString() : null);
        await update.mutateAsync({ id: note.id, ...body, ...(reminderChanged ? { reminderAt } : {}) });
      } else {
        await create.mutateAsync({ ...body, ...(reminderAt ? { reminderAt } : {}) });
      }
      notify(t('saved'), 'success');
      onClose();
    } catch (error) {
      notify(errorMessage(error, t), 'error');
    }
  };

  const archive = async () => {
    if (!note) return;
    try {
      await update.mutateAsync({ id: note.id, archived: !note.archived });
      notify(note.archived ? t('unarchived') : t('archived'), 'success');
      onClose();
    } catch (error) {
      notify(errorMessage(error, t), 'error');
    }
  };

  const deleteNote = async () => {
    if (!note) return;
    try {
      await remove.mutateAsync(note.id);
      notify(t('deleted'), 'success');
      onClose();
    } catch (error) {
      notify(errorMessage(error, t), 'error');
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box component="span" sx={{ flex: 1 }}>
          {note ? t('editTitle') : t('newTitle')}
        </Box>
        <IconButton onClick={onClose} aria-label={t('close')} sx={{ width: 48, height: 48 }}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        <TextField
          label={t('title')}
          value={draft.title}
          onChange={(e) => {
            change({ title: e.target.value });
            setTitleError(false);
          }}
          error={titleError}
          helperText={titleError ? t('titleRequired') : undefined}
          required
          autoFocus={!note}
          slotProps={{ htmlInput: { maxLength: 200, dir: 'auto' } }}
        />
        <TextField
          label={t('description')}
          value={draft.description}
          onChange={(e) => change({ description: e.target.value })}
          multiline
          minRows={3}
          slotProps={{ htmlInput: { maxLength: 10_000, dir: 'auto' } }}
        />
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" sx={{ fontWeight: 600, mb: 0.5 }}>
            {t('checklist')}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {draft.checklist.map((entry, index) => (
              <Box component="li" key={index} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                <Checkbox
                  checked={entry.checked}
                  onChange={(e) => change({ checklist: draft.checklist.map((c, i) => (i === index ? { ...c, checked: e.target.checked } : c)) })}
                  slotProps={{ input: { 'aria-label': entry.text } }}
                  sx={{ width: 48, height: 48 }}
                />
                <Typography dir="auto" sx={{ flex: 1, overflowWrap: 'anywhere', textDecoration: entry.checked ? 'line-through' : 'none', color: entry.checked ? 'text.secondary' : 'text.primary' }}>
                  {entry.text}
                </Typography>
                <IconButton
                  onClick={() => change({ checklist: draft.checklist.filter((_, i) => i !== index) })}
                  aria-label={t('removeCheck', { text: entry.text })}
                  sx={{ width: 48, height: 48 }}
                >
                  <Close />
                </IconButton>
              </Box>
            ))}
          </Box>
          <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
            <TextField
              label={t('addCheck')}
              value={newCheck}
              onChange={(e) => setNewCheck(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addCheck();
                }
              }}
              size="small"
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { maxLength: 500, dir: 'auto' } }}
            />
            <Button variant="outlined" onClick={addCheck} startIcon={<Add />} sx={{ minHeight: 48 }} disabled={!newCheck.trim()}>
              {t('add')}
            </Button>
          </Box>
        </Box>
        <Box>
          <Typography sx={{ fontWeight: 600, mb: 0.5 }}>{t('labels')}</Typography>
          {draft.labels.length > 0 && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }}>
              {draft.labels.map((label) => (
                <Chip key={label} label={<bdi>{label}</bdi>} onDelete={() => change({ labels: draft.labels.filter((l) => l !== label) })} />
              ))}
            </Box>
          )}
          <Box sx={{ display: 'flex', gap: 1 }}>
            <TextField
              label={t('addLabel')}
              value={newLabel}
              onChange={(e) => setNewLabel(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addLabel();
                }
              }}
              size="small"
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { maxLength: 40, dir: 'auto' } }}
            />
            <Button variant="outlined" onClick={addLabel} startIcon={<Add />} sx={{ minHeight: 48 }} disabled={!newLabel.trim()}>
              {t('add')}
            </Button>
          </Box>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            label={t('reminder')}
            type="datetime-local"
            value={draft.reminder}
            onChange={(e) => change({ reminder: e.target.value })}
            helperText={t('reminderHelp')}
            sx={{ flex: 1 }}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          {draft.reminder && (
            <Button onClick={() => change({ reminder: '' })} sx={{ minHeight: 56 }}>
              {t('noReminder')}
            </Button>
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, py: 2 }}>
        {note && (
          <Button color="error" startIcon={<DeleteOutlined />} onClick={() => setConfirmDelete(true)} disabled={busy} sx={{ minHeight: 48, marginInlineEnd: 'auto' }}>
            {t('delete')}
          </Button>
        )}
        {note && (
          <Button
            startIcon={note.archived ? <UnarchiveOutlined /> : <ArchiveOutlined />}
            onClick={() => void archive()}
            disabled={busy}
            sx={{ minHeight: 48 }}
          >
            {note.archived ? t('unarchive') : t('archive')}
          </Button>
        )}
        <Button variant="contained" onClick={() => void save()} disabled={busy} sx={{ minHeight: 48 }}>
          {t('save')}
        </Button>
      </DialogActions>
      <Dialog open={confirmDelete} onClose={() => setConfirmDelete(false)} aria-labelledby={`${titleId}-confirm`}>
        <DialogTitle id={`${titleId}-confirm`}>{t('confirmDeleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('confirmDeleteText', { title: note?.title ?? '' })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDelete(false)} sx={{ minHeight: 48 }}>
            {t('keep')}
          </Button>
          <Button color="error" variant="contained" onClick={() => void deleteNote()} disabled={busy} sx={{ minHeight: 48 }}>
            {t('delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Dialog>
  );
}
