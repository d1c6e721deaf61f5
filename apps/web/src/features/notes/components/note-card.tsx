import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import AlarmOutlined from '@mui/icons-material/AlarmOutlined';
import CheckBoxOutlined from '@mui/icons-material/CheckBoxOutlined';
import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';
import type { Note } from '@estate/domain/schemas/notes';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { checklistProgress } from '../api';

export function reminderText(note: Note, language: string): string | null {
  if (!note.reminderAt) return null;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(note.reminderAt));
}

/** A note as a card: title, the start of its words, the first checklist lines, labels, reminder. */
export function NoteCard({ note, onOpen, compact = false }: { note: Note; onOpen: () => void; compact?: boolean }) {
  const { t, i18n } = useTranslation('notes');
  const progress = checklistProgress(note);
  const reminder = reminderText(note, i18n.language);
  return (
    <ButtonBase
      onClick={onOpen}
      data-testid="note-card"
      sx={{
        display: 'block',
        width: '100%',
        textAlign: 'start',
        p: compact ? 1.5 : 2,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
        '&:hover': { bgcolor: 'action.hover' },
      }}
    >
      <Typography component="h3" variant="h6" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
        {note.title}
      </Typography>
      {note.description && !compact && (
        <Typography dir="auto" color="text.secondary" sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 4, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
          {note.description}
        </Typography>
      )}
      {!compact && note.checklist.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          {note.checklist.slice(0, 4).map((c, i) => (
            <Box component="li" key={i} sx={{ display: 'flex', gap: 0.75, alignItems: 'center', color: c.checked ? 'text.secondary' : 'text.primary' }}>
              {c.checked ? <CheckBoxOutlined fontSize="small" aria-hidden="true" /> : <CheckBoxOutlineBlank fontSize="small" aria-hidden="true" />}
              <Typography dir="auto" sx={{ textDecoration: c.checked ? 'line-through' : 'none', overflowWrap: 'anywhere' }}>
                {c.text}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1, alignItems: 'center' }}>
        {progress && (
          <Typography variant="body2" color="text.secondary" sx={{ fontSize: '0.875rem' }}>
            {t('progress', { done: progress.done, total: progress.total })}
          </Typography>
        )}
        {reminder && (
          <Chip icon={<AlarmOutlined />} label={note.remindedAt ? t('remindedOn', { date: reminder }) : t('remindOn', { date: reminder })} variant="outlined" sx={{ fontSize: '0.875rem' }} />
        )}
        {note.labels.map((label) => (
          <Chip key={label} label={<bdi>{label}</bdi>} sx={{ fontSize: '0.875rem' }} />
        ))}
      </Box>
    </ButtonBase>
  );
}
