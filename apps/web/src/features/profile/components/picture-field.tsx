import { useId, useRef, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddAPhoto from '@mui/icons-material/AddAPhotoOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { PHOTO_LIMITS } from '@estate/domain/uploads';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { initials } from '../../../shared/ui/initials';
import { notify } from '../../../shared/ui/notify';
import { shrinkPhoto } from '../../../shared/ui/shrink-photo';
import { useProfile, useRemovePicture, useUploadPicture } from '../profile-api';

/** What is sent of a chosen picture: 1,024 px on its long side, for anything over 300 kB. */
const PICTURE_SIZE = { longSide: 1024, smallEnough: 300 * 1024 };

/**
 * The person's picture: chosen from the phone's photos or camera, saved at once (the server makes
 * it small and square and removes the camera's details), or removed.
 */
export function PictureField({ name }: { name: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const helpId = useId();
  const profile = useProfile();
  const upload = useUploadPicture();
  const remove = useRemovePicture();
  const url = profile.data?.avatarUrl ?? null;
  const [preparing, setPreparing] = useState(false);
  const busy = preparing || upload.isPending || remove.isPending;

  const chosen = async (chosenFile: File | undefined) => {
    if (!chosenFile) return;
    // Made small on this device first (the server keeps it at 256 px): a camera photo of
    // several megabytes goes up in a moment instead of a minute on a slow line.
    setPreparing(true);
    const file = await shrinkPhoto(chosenFile, PICTURE_SIZE).finally(() => setPreparing(false));
    if (file.size > PHOTO_LIMITS.bytes) {
      notify(t('people:profile.pictureTooLarge', { megabytes: PHOTO_LIMITS.bytes / 1024 / 1024 }), 'error');
      return;
    }
    upload.mutate(file, {
      onSuccess: () => notify(t('people:profile.pictureSaved'), 'success'),
      onError: (error) => notify(errorMessage(error, t), 'error'),
    });
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} aria-describedby={helpId}>
      <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
        {t('people:profile.picture')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Avatar src={url ?? undefined} alt={url ? t('people:profile.photoAlt', { name }) : ''} sx={{ width: 88, height: 88, bgcolor: 'primary.main', fontSize: '2rem' }}>
          {initials(name)}
        </Avatar>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
          <Button variant="outlined" startIcon={<AddAPhoto />} onClick={() => input.current?.click()} disabled={busy} sx={{ minHeight: 48 }}>
            {preparing || upload.isPending ? t('people:profile.uploading') : url ? t('people:profile.changePicture') : t('people:profile.choosePicture')}
          </Button>
          {url && (
            <Button
              color="error"
              startIcon={<DeleteOutlined />}
              disabled={busy}
              sx={{ minHeight: 48 }}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => notify(t('people:profile.pictureRemoved'), 'success'),
                  onError: (error) => notify(errorMessage(error, t), 'error'),
                })
              }
            >
              {t('people:profile.removePicture')}
            </Button>
          )}
        </Box>
      </Box>
      <Typography id={helpId} color="text.secondary" sx={{ mt: 1 }}>
        {t('people:profile.pictureHelp')}
      </Typography>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
        hidden
        aria-label={t('people:profile.choosePicture')}
        onChange={(event) => {
          void chosen(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </Box>
  );
}
