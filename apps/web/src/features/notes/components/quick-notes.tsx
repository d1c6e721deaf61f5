import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/AddOutlined';
import { errorMessage } from '../../../shared/api/error-message';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { notify } from '../../../shared/ui/notify';
import { useCreateNote, useNotes } from '../api';
import { NoteCard } from './note-card';

const SHOWN = 5;

/** The quick panel's notes: the latest few, a quick way to write one, and the way to all of them. */
export function QuickNotes({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('notes');
  const navigate = useNavigate();
  const notes = useNotes();
  const create = useCreateNote();
  const [title, setTitle] = useState('');
  const active = (notes.data ?? []).filter((n) => !n.archived);

  const add = async () => {
    const text = title.trim();
    if (!text) return;
    try {
      await create.mutateAsync({ title: text });
      setTitle('');
    } catch (error) {
      notify(errorMessage(error, t), 'error');
    }
  };

  return (
    <Box>
      <Box component="form" onSubmit={(e) => { e.preventDefault(); void add(); }} sx={{ display: 'flex', gap: 1, mb: 1.5 }}>
        <TextField
          label={t('quickAdd')}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          size="small"
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { maxLength: 200, dir: 'auto', 'data-testid': 'quick-note-input' } }}
        />
        <Button type="submit" variant="outlined" startIcon={<Add />} disabled={!title.trim() || create.isPending} sx={{ minHeight: 48 }}>
          {t('add')}
        </Button>
      </Box>
      {notes.isError && <Typography color="error">{t('loadFailed')}</Typography>}
      {notes.isSuccess && active.length === 0 && <Typography color="text.secondary">{t('noneYet')}</Typography>}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {active.slice(0, SHOWN).map((note) => (
          <NoteCard
            key={note.id}
            note={note}
            compact
            onOpen={() => {
              onNavigate();
              void navigate(`/apps/notes?note=${encodeURIComponent(note.id)}`);
            }}
          />
        ))}
      </Box>
      <Link component={RouterLink} to="/apps/notes" onClick={onNavigate} sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 48, mt: 0.5 }}>
        {active.length > SHOWN ? t('allCount', { count: active.length }) : t('all')}
      </Link>
    </Box>
  );
}
