import { Suspense, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AutoStories from '@mui/icons-material/AutoStoriesOutlined';
import Delete from '@mui/icons-material/DeleteOutlined';
import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import type { Story } from '@estate/domain/schemas/stories';
import { STORY_LIMITS } from '@estate/domain/stories';
import { useTranslation } from '../i18n/use-translation';
import { formatDate } from '../i18n/format';
import { errorMessage } from '../api/error-message';
import { notify } from '../ui/notify';
import { RefusableButton } from '../ui/refusable-button';
import { lazyNamed } from '../ui/lazy-named';
import { useRemoveStory, useStories, useTellStory } from './api';
import { clock } from './clock';
import type { Recording } from './voice-recorder';

const VoiceRecorder = lazyNamed(() => import('./voice-recorder'), 'VoiceRecorder');

/** A large play button for one recording (64 px: easy for any hand), with its length. */
function PlayButton({ story }: { story: Story }) {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, my: 1 }}>
      <IconButton
        onClick={() => (playing ? audio.current?.pause() : void audio.current?.play())}
        aria-label={playing ? t('stories:pause') : t('stories:play', { name: story.authorName })}
        sx={{ width: 64, height: 64, bgcolor: 'primary.main', color: 'primary.contrastText', '&:hover': { bgcolor: 'primary.dark' } }}
      >
        {playing ? <Pause sx={{ fontSize: 40 }} /> : <PlayArrow sx={{ fontSize: 40 }} />}
      </IconButton>
      {story.durationSeconds !== undefined && <Typography color="text.secondary">{clock(story.durationSeconds)}</Typography>}
      <audio ref={audio} src={story.audioUrl} preload="none" onPlay={() => setPlaying(true)} onPause={() => setPlaying(false)} onEnded={() => setPlaying(false)} />
    </Box>
  );
}

/** The item a story is about: on the server (`itemId`), or made offline and not sent yet (`localItemKey`). */
export type StoryTarget = { estateId: string; itemId?: string; localItemKey?: string; name: string };

/**
 * Adding a story: the words, a recording, or both; sent with its own Idempotency-Key, or with no
 * network (or about an item not sent yet) kept on the phone in the offline queue.
 */
export function TellStoryDialog({ target, onClose }: { target: StoryTarget; onClose: () => void }) {
  const { estateId } = target;
  const itemId = target.itemId ?? '';
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [text, setText] = useState('');
  const [recording, setRecording] = useState<Recording | null>(null);
  const [key] = useState(() => crypto.randomUUID());
  const tell = useTellStory(estateId, itemId);
  const empty = !text.trim() && !recording;
  const [keeping, setKeeping] = useState(false);
  const keepOnPhone = async () => {
    setKeeping(true);
    const { keepChange } = await import('../offline/queue');
    await keepChange({ kind: 'story', estateId, itemId: target.itemId, localItemKey: target.localItemKey, name: target.name, key, text: text.trim(), blob: recording?.blob, durationSeconds: recording?.seconds });
    notify(t('stories:keptOffline'), 'success');
    onClose();
  };
  const send = () =>
    !target.itemId || !navigator.onLine
      ? void keepOnPhone()
      : tell.mutate(
      { key, text, ...(recording ? { audio: recording.blob, durationSeconds: recording.seconds } : {}) },
      {
        onSuccess: () => {
          notify(t('stories:kept'), 'success');
          onClose();
        },
      },
    );
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="tell-story-title">
      <DialogTitle id="tell-story-title">{t('stories:add')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography color="text.secondary">{t('stories:addHelp')}</Typography>
        <TextField
          label={t('stories:text')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          multiline
          minRows={4}
          slotProps={{ htmlInput: { maxLength: STORY_LIMITS.textChars, dir: 'auto' } }}
          helperText={t('stories:textHelp', { max: STORY_LIMITS.textChars })}
        />
        <Suspense fallback={null}>
          <VoiceRecorder recording={recording} onChange={setRecording} />
        </Suspense>
        {tell.isError && <Alert severity="error">{errorMessage(tell.error, t)}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 48 }}>
          {t('common:actions.cancel')}
        </Button>
        <Button variant="contained" onClick={send} disabled={empty || tell.isPending || keeping} sx={{ minHeight: 48 }}>
          {t('stories:send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The stories behind an item, on its page: every member sees the same list (who told it, when, the
 * words, a large play button for a recording) and may add one until the estate is closed.
 */
export function ItemStories({ estateId, itemId, itemName, addRefusal, canAdd }: { estateId: string; itemId: string; itemName: string; canAdd: boolean; addRefusal: string | null }) {
  const { t, i18n } = useTranslation();
  const stories = useStories(estateId, itemId);
  const remove = useRemoveStory(estateId, itemId);
  const [telling, setTelling] = useState(false);
  return (
    <Box component="section" aria-labelledby={`stories-${itemId}`} sx={{ mt: 3 }}>
      <Typography id={`stories-${itemId}`} component="h2" variant="subtitle1" sx={{ fontWeight: 600, display: 'flex', alignItems: 'center', gap: 1 }}>
        <AutoStories fontSize="small" aria-hidden="true" />
        {t('stories:title')}
      </Typography>
      {stories.isError && <Alert severity="error">{t('stories:failed')}</Alert>}
      {stories.data && stories.data.length === 0 && <Typography color="text.secondary">{t('stories:none')}</Typography>}
      {stories.data && stories.data.length > 0 && (
        <List disablePadding aria-label={t('stories:title')}>
          {stories.data.map((story) => (
            <ListItem key={story.id} disableGutters divider sx={{ display: 'block', py: 1.5 }}>
              <Typography variant="body2" color="text.secondary">
                {t('stories:toldBy', { name: story.authorName || t('stories:someone') })} · <time dateTime={story.createdAt}>{formatDate(story.createdAt, i18n.language, true)}</time>
              </Typography>
              {story.audioUrl && <PlayButton story={story} />}
              {story.text && (
                <Typography dir="auto" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}>
                  {story.text}
                </Typography>
              )}
              {story.removable && (
                <Button
                  color="inherit"
                  startIcon={<Delete />}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(story.id, { onError: (e) => notify(errorMessage(e, t), 'error') })}
                  sx={{ minHeight: 48, mt: 0.5 }}
                >
                  {t('stories:remove')}
                </Button>
              )}
            </ListItem>
          ))}
        </List>
      )}
      {(canAdd || addRefusal) && (
        <Box sx={{ mt: 1 }}>
          <RefusableButton variant="outlined" startIcon={<AutoStories />} refusal={addRefusal} onClick={() => setTelling(true)}>
            {t('stories:add')}
          </RefusableButton>
        </Box>
      )}
      {telling && <TellStoryDialog target={{ estateId, itemId, name: itemName }} onClose={() => setTelling(false)} />}
    </Box>
  );
}
