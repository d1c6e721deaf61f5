import { useMemo, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/AddOutlined';
import StickyNote from '@mui/icons-material/StickyNote2Outlined';
import type { Note } from '@estate/domain/schemas/notes';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { PageLayout } from '../../../shared/ui/page-layout';
import { useNotes } from '../api';
import { NoteCard } from '../components/note-card';
import { NoteEditor } from '../components/note-editor';

const FILTERS = ['all', 'reminders', 'archive'] as const;
type Filter = (typeof FILTERS)[number];

function matches(note: Note, filter: Filter, label: string | null, query: string): boolean {
  if (filter === 'archive' ? !note.archived : note.archived) return false;
  if (filter === 'reminders' && !note.reminderAt) return false;
  if (label && !note.labels.includes(label)) return false;
  if (!query) return true;
  const q = query.toLocaleLowerCase();
  return [note.title, note.description, ...note.checklist.map((c) => c.text), ...note.labels].some((s) => s.toLocaleLowerCase().includes(q));
}

/** `/apps/notes` (and `/apps/notes/reminders`, `/apps/notes/archive`): the person's own notes. */
export function NotesPage() {
  const { t } = useTranslation('notes');
  const { filter: rawFilter } = useParams();
  const filter: Filter = (FILTERS as readonly string[]).includes(rawFilter ?? '') ? (rawFilter as Filter) : 'all';
  const [params, setParams] = useSearchParams();
  const notes = useNotes();
  const [label, setLabel] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState(false);
  const openId = params.get('note');
  const open = notes.data?.find((n) => n.id === openId) ?? null;

  const labels = useMemo(() => [...new Set((notes.data ?? []).flatMap((n) => n.labels))].sort((a, b) => a.localeCompare(b)), [notes.data]);
  const shown = (notes.data ?? []).filter((n) => matches(n, filter, label, query.trim()));
  const openNote = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('note', id);
    else next.delete('note');
    setParams(next, { replace: true });
  };

  return (
    <PageLayout
      title={t('pageTitle')}
      subtitle={t('pageSubtitle')}
      actions={
        <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)} sx={{ minHeight: 48 }}>
          {t('new')}
        </Button>
      }
    >
      <Tabs value={filter} aria-label={t('filters')} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        {FILTERS.map((f) => (
          <Tab key={f} value={f} label={t(`filter.${f}`)} component={RouterLink} to={f === 'all' ? '/apps/notes' : `/apps/notes/${f}`} sx={{ minHeight: 48, fontSize: '1rem' }} />
        ))}
      </Tabs>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
        <TextField
          label={t('search')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          type="search"
          sx={{ flex: '1 1 240px', maxWidth: 420 }}
          slotProps={{ htmlInput: { dir: 'auto' } }}
        />
        {labels.length > 0 && (
          <Box role="group" aria-label={t('labels')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {labels.map((l) => (
              <Chip
                key={l}
                label={<bdi>{l}</bdi>}
                color={label === l ? 'primary' : 'default'}
                variant={label === l ? 'filled' : 'outlined'}
                onClick={() => setLabel(label === l ? null : l)}
                aria-pressed={label === l}
                sx={{ minHeight: 40, fontSize: '0.9375rem' }}
              />
            ))}
          </Box>
        )}
      </Box>
      {notes.isPending && <FullPageLoader />}
      {notes.isError && (
        <Typography role="alert" color="error">
          {t('loadFailed')}
        </Typography>
      )}
      {notes.isSuccess && shown.length === 0 && (
        <EmptyState
          icon={<StickyNote />}
          title={notes.data.length === 0 ? t('emptyTitle') : t(`empty.${filter}`)}
          action={
            notes.data.length === 0 ? (
              <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)} sx={{ minHeight: 48 }}>
                {t('new')}
              </Button>
            ) : undefined
          }
        >
          {notes.data.length === 0 ? t('emptyText') : undefined}
        </EmptyState>
      )}
      {shown.length > 0 && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' }, alignItems: 'start' }}>
          {shown.map((note) => (
            <NoteCard key={note.id} note={note} onOpen={() => openNote(note.id)} />
          ))}
        </Box>
      )}
      {creating && <NoteEditor note={null} open onClose={() => setCreating(false)} />}
      {open && <NoteEditor key={open.id} note={open} open onClose={() => openNote(null)} />}
    </PageLayout>
  );
}
