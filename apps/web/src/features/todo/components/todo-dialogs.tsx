/** The to-do app's dialogs: a to-do's editor, a new label or folder, and "are you sure". */
import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TODO_LABEL_COLORS, type PersonalTodo, type TodoFolder, type TodoLabel, type TodoLabelColor } from '@estate/domain/schemas/personal-todos';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { useTranslation } from '../../../shared/i18n/use-translation';

/** Theme palette colour of each label colour. */
export const LABEL_COLOR: Record<TodoLabelColor, string> = {
  red: 'error.main',
  orange: 'warning.main',
  green: 'success.main',
  blue: 'primary.main',
  purple: 'secondary.main',
  grey: 'text.secondary',
};

export type TodoDraft = {
  title: string;
  notes: string;
  dueAt: string | null;
  important: boolean;
  starred: boolean;
  folderId: string | null;
  labelIds: string[];
};

/** `YYYY-MM-DD` for a date input, from an ISO time (local calendar day). */
function dayOf(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The end of the chosen local day, as ISO (a to-do due "on the 3rd" is due all that day). */
function dueFromDay(day: string): string | null {
  if (!day) return null;
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(y, m - 1, d, 23, 59, 0).toISOString();
}

export function TodoEditor({
  open,
  todo,
  defaults,
  labels,
  folders,
  busy,
  error,
  onSave,
  onClose,
}: {
  open: boolean;
  todo: PersonalTodo | null;
  defaults: Partial<TodoDraft>;
  labels: TodoLabel[];
  folders: TodoFolder[];
  busy: boolean;
  error: string | null;
  onSave: (draft: TodoDraft) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('todo');
  const phone = useMediaQuery('(max-width: 599.95px)');
  const [draft, setDraft] = useState<TodoDraft>(() => ({
    title: todo?.title ?? '',
    notes: todo?.notes ?? '',
    dueAt: todo?.dueAt ?? null,
    important: todo?.important ?? defaults.important ?? false,
    starred: todo?.starred ?? defaults.starred ?? false,
    folderId: todo?.folderId ?? defaults.folderId ?? null,
    labelIds: todo?.labelIds ?? defaults.labelIds ?? [],
  }));
  const [touched, setTouched] = useState(false);
  const missing = draft.title.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!missing) onSave({ ...draft, title: draft.title.trim(), notes: draft.notes.trim() });
  };
  const toggleLabel = (id: string) =>
    setDraft((d) => ({ ...d, labelIds: d.labelIds.includes(id) ? d.labelIds.filter((x) => x !== id) : [...d.labelIds, id] }));

  return (
    <Dialog open={open} onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="todo-editor-title">
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, maxWidth: '100%' }}>
        <DialogTitle id="todo-editor-title">{todo ? t('editor.editTitle') : t('editor.newTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', alignContent: 'start', gap: 2, pt: '8px !important', flex: '1 1 auto', overflowY: 'auto' }}>
          <TextField
            label={t('editor.title')}
            value={draft.title}
            onChange={(e) => setDraft({ ...draft, title: e.target.value })}
            required
            autoFocus
            error={touched && missing}
            helperText={touched && missing ? t('editor.titleNeeded') : ' '}
            slotProps={{ htmlInput: { maxLength: 200, dir: 'auto' } }}
          />
          <TextField
            label={t('editor.notes')}
            value={draft.notes}
            onChange={(e) => setDraft({ ...draft, notes: e.target.value })}
            multiline
            minRows={3}
            slotProps={{ htmlInput: { maxLength: 4000, dir: 'auto' } }}
          />
          <TextField
            label={t('editor.due')}
            type="date"
            value={dayOf(draft.dueAt)}
            onChange={(e) => setDraft({ ...draft, dueAt: dueFromDay(e.target.value) })}
            slotProps={{ inputLabel: { shrink: true } }}
            helperText={t('editor.dueHelp')}
          />
          <TextField
            select
            label={t('editor.folder')}
            value={draft.folderId ?? ''}
            onChange={(e) => setDraft({ ...draft, folderId: e.target.value || null })}
          >
            <MenuItem value="">{t('editor.noFolder')}</MenuItem>
            {folders.map((f) => (
              <MenuItem key={f.id} value={f.id} dir="auto">
                {f.title}
              </MenuItem>
            ))}
          </TextField>
          {labels.length > 0 && (
            <Box role="group" aria-labelledby="todo-editor-labels">
              <Typography id="todo-editor-labels" sx={{ mb: 1, fontWeight: 600 }}>
                {t('editor.labels')}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                {labels.map((l) => {
                  const on = draft.labelIds.includes(l.id);
                  return (
                    <Chip
                      key={l.id}
                      label={l.title}
                      clickable
                      onClick={() => toggleLabel(l.id)}
                      variant={on ? 'filled' : 'outlined'}
                      aria-pressed={on}
                      sx={{ minHeight: 40, borderColor: LABEL_COLOR[l.color], ...(on ? { bgcolor: LABEL_COLOR[l.color], color: 'common.white' } : {}) }}
                    />
                  );
                })}
              </Box>
            </Box>
          )}
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <FormControlLabel
              control={<Switch checked={draft.important} onChange={(e) => setDraft({ ...draft, important: e.target.checked })} />}
              label={t('editor.important')}
              sx={{ minHeight: 48 }}
            />
            <FormControlLabel
              control={<Switch checked={draft.starred} onChange={(e) => setDraft({ ...draft, starred: e.target.checked })} />}
              label={t('editor.starred')}
              sx={{ minHeight: 48 }}
            />
          </Box>
          {error && (
            <Typography color="error" role="alert">
              {error}
            </Typography>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexShrink: 0, borderTop: 1, borderColor: 'divider' }}>
          <Button onClick={onClose} sx={{ minHeight: 48 }}>
            {t('editor.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} sx={{ minHeight: 48 }}>
            {t('editor.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** A new label (name and colour) or folder (name). */
export function NameDialog({
  kind,
  open,
  busy,
  error,
  onSave,
  onClose,
}: {
  kind: 'label' | 'folder';
  open: boolean;
  busy: boolean;
  error: string | null;
  onSave: (title: string, color: TodoLabelColor) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('todo');
  const [title, setTitle] = useState('');
  const [color, setColor] = useState<TodoLabelColor>('blue');
  const [touched, setTouched] = useState(false);
  const missing = title.trim() === '';
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="todo-name-title">
      <Box
        component="form"
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          setTouched(true);
          if (!missing) onSave(title.trim(), color);
        }}
      >
        <DialogTitle id="todo-name-title">{t(kind === 'label' ? 'newLabel' : 'newFolder')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <TextField
            label={t('nameField')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            autoFocus
            required
            error={touched && missing}
            helperText={touched && missing ? t('editor.titleNeeded') : ' '}
            slotProps={{ htmlInput: { maxLength: 40, dir: 'auto' } }}
          />
          {kind === 'label' && (
            <TextField select label={t('colorField')} value={color} onChange={(e) => setColor(e.target.value as TodoLabelColor)}>
              {TODO_LABEL_COLORS.map((c) => (
                <MenuItem key={c} value={c}>
                  <Box component="span" sx={{ display: 'inline-block', width: 14, height: 14, borderRadius: '50%', bgcolor: LABEL_COLOR[c], me: 1 }} />
                  {t(`color.${c}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
          {error && (
            <Typography color="error" role="alert">
              {error}
            </Typography>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} sx={{ minHeight: 48 }}>
            {t('editor.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} sx={{ minHeight: 48 }}>
            {t('editor.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

export function ConfirmDialog({
  open,
  title,
  body,
  confirm,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  body: string;
  confirm: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('todo');
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="todo-confirm-title" aria-describedby="todo-confirm-body">
      <DialogTitle id="todo-confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="todo-confirm-body">{body}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} autoFocus sx={{ minHeight: 48 }}>
          {t('editor.cancel')}
        </Button>
        <Button onClick={onConfirm} color="error" variant="contained" disabled={busy} sx={{ minHeight: 48 }}>
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
