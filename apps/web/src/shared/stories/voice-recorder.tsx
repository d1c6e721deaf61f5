import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Mic from '@mui/icons-material/MicOutlined';
import Stop from '@mui/icons-material/StopCircleOutlined';
import Delete from '@mui/icons-material/DeleteOutlined';
import { STORY_LIMITS } from '@estate/domain/stories';
import { useTranslation } from '../i18n/use-translation';
import { clock } from './clock';

export type Recording = { blob: Blob; seconds: number; url: string };

/** The first container this browser records in (Chrome and Firefox: WebM/Opus; Safari: MP4/AAC). */
function recorderType(): string | undefined {
  const types = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus'];
  return types.find((type) => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(type));
}

/**
 * Records a story in the page (MediaRecorder), up to five minutes: a large Record button, the time
 * running against the limit, Stop, then the recording to listen to or throw away.
 */
export function VoiceRecorder({ recording, onChange }: { recording: Recording | null; onChange: (recording: Recording | null) => void }) {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState(0);
  const [state, setState] = useState<'idle' | 'recording' | 'refused'>('idle');
  const recorder = useRef<MediaRecorder | null>(null);
  const started = useRef(0);

  useEffect(() => () => recorder.current?.stream.getTracks().forEach((track) => track.stop()), []);
  useEffect(() => {
    if (state !== 'recording') return;
    const timer = setInterval(() => {
      const elapsed = (Date.now() - started.current) / 1000;
      setSeconds(elapsed);
      // Five minutes is the most a story may last: the recorder stops by itself.
      if (elapsed >= STORY_LIMITS.seconds) recorder.current?.stop();
    }, 250);
    return () => clearInterval(timer);
  }, [state]);

  const start = async () => {
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices) {
      setState('refused');
      return;
    }
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const type = recorderType();
      const next = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
      const chunks: Blob[] = [];
      next.ondataavailable = (event) => event.data.size > 0 && chunks.push(event.data);
      next.onstop = () => {
        stream.getTracks().forEach((track) => track.stop());
        const blob = new Blob(chunks, { type: next.mimeType || type || 'audio/webm' });
        const length = Math.min(STORY_LIMITS.seconds, (Date.now() - started.current) / 1000);
        onChange({ blob, seconds: length, url: URL.createObjectURL(blob) });
        setState('idle');
      };
      recorder.current = next;
      started.current = Date.now();
      setSeconds(0);
      next.start(1000);
      setState('recording');
    } catch {
      setState('refused');
    }
  };

  if (recording) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography>{t('stories:recorder.recorded', { time: clock(recording.seconds) })}</Typography>
        <audio controls src={recording.url} style={{ width: '100%' }} aria-label={t('stories:recorder.listen')} />
        <Button
          startIcon={<Delete />}
          onClick={() => {
            URL.revokeObjectURL(recording.url);
            onChange(null);
          }}
          sx={{ minHeight: 48, alignSelf: 'flex-start' }}
        >
          {t('stories:recorder.discard')}
        </Button>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {state === 'recording' ? (
        <Button variant="contained" color="error" size="large" startIcon={<Stop />} onClick={() => recorder.current?.stop()} sx={{ minHeight: 56 }}>
          {t('stories:recorder.stop', { time: clock(seconds), limit: clock(STORY_LIMITS.seconds) })}
        </Button>
      ) : (
        <Button variant="outlined" size="large" startIcon={<Mic />} onClick={() => void start()} sx={{ minHeight: 56 }}>
          {t('stories:recorder.record')}
        </Button>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('stories:recorder.limit')}
      </Typography>
      {state === 'refused' && <Alert severity="warning">{t('stories:recorder.noMicrophone')}</Alert>}
    </Box>
  );
}
