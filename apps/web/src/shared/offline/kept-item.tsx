import { Suspense, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PhotoCamera from '@mui/icons-material/PhotoCameraOutlined';
import AutoStories from '@mui/icons-material/AutoStoriesOutlined';
import { useTranslation } from '../i18n/use-translation';
import { lazyNamed } from '../ui/lazy-named';
import { keepChange, shrinkPhoto } from './queue';

const TellStoryDialog = lazyNamed(() => import('../stories/item-stories'), 'TellStoryDialog');

/**
 * An item made with no network: kept on the phone. Photos taken now are shrunk and kept with it,
 * and a story can be told; everything is sent, in order, when the connection returns.
 */
export function KeptItem({ estateId, itemKey, name }: { estateId: string; itemKey: string; name: string }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [photos, setPhotos] = useState(0);
  const [busy, setBusy] = useState(false);
  const [telling, setTelling] = useState(false);
  const keepPhotos = async (files: FileList | null) => {
    if (!files) return;
    setBusy(true);
    for (const file of Array.from(files)) {
      await keepChange({ kind: 'photo', estateId, localItemKey: itemKey, name, blob: await shrinkPhoto(file) });
      setPhotos((n) => n + 1);
    }
    setBusy(false);
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Alert severity="success">{t('stories:offline.itemKept', { name })}</Alert>
      <Box>
        <input id={inputId} type="file" accept="image/*" capture="environment" multiple hidden onChange={(e) => void keepPhotos(e.target.files)} data-testid="offline-photo-input" />
        <Button component="label" htmlFor={inputId} variant="outlined" size="large" startIcon={<PhotoCamera />} disabled={busy} sx={{ minHeight: 56 }}>
          {t('stories:offline.takePhoto')}
        </Button>
        {photos > 0 && <Typography sx={{ mt: 1 }}>{t('stories:offline.photosKept', { count: photos })}</Typography>}
      </Box>
      <Button variant="outlined" size="large" startIcon={<AutoStories />} onClick={() => setTelling(true)} sx={{ minHeight: 56, alignSelf: 'flex-start' }}>
        {t('stories:add')}
      </Button>
      {telling && (
        <Suspense fallback={null}>
          <TellStoryDialog target={{ estateId, localItemKey: itemKey, name }} onClose={() => setTelling(false)} />
        </Suspense>
      )}
    </Box>
  );
}
