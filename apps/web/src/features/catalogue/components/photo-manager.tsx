import { useRef, useState, type DragEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import AddPhoto from '@mui/icons-material/AddPhotoAlternateOutlined';
import CameraAlt from '@mui/icons-material/CameraAltOutlined';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Delete from '@mui/icons-material/DeleteOutlined';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { isApiError } from '../../../shared/api/api-error';
import { notify } from '../../../shared/ui/notify';
import { deletePhoto, refreshItem, reorderPhotos, updateItem, uploadPhoto, type Item } from '../api';

type Props = { estateId: string; item: Item };

/**
 * Photos of an item: take one with the phone camera or choose files (or drop them here on a
 * computer); they upload one by one with progress. Reorder, choose the featured one, delete.
 */
export function PhotoManager({ estateId, item }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const cameraRef = useRef<HTMLInputElement>(null);
  const filesRef = useRef<HTMLInputElement>(null);
  const featured = item.featuredPhotoId ?? item.photos[0]?.id ?? null;

  const refresh = () => refreshItem(queryClient, estateId, item.id);

  const upload = async (files: File[]) => {
    const images = files.filter((f) => f.type === '' || f.type.startsWith('image/'));
    if (images.length === 0) return;
    const failed: string[] = [];
    setProblems([]);
    setProgress({ done: 0, total: images.length });
    for (const [index, file] of images.entries()) {
      try {
        await uploadPhoto(estateId, item.id, file);
      } catch (error) {
        const reason =
          isApiError(error) && error.status === 413
            ? t('catalogue:photos.tooLarge')
            : isApiError(error) && error.status === 415
              ? t('catalogue:photos.notImage')
              : errorMessage(error, t);
        failed.push(`${file.name}: ${reason}`);
      }
      setProgress({ done: index + 1, total: images.length });
      refresh();
    }
    setProgress(null);
    setProblems(failed);
  };

  const run = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      notify(errorMessage(error, t), 'error');
    } finally {
      refresh();
    }
  };

  const move = (index: number, by: number) => {
    const ids = item.photos.map((p) => p.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    void run(() => reorderPhotos(estateId, item.id, ids));
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void upload([...event.dataTransfer.files]);
  };

  return (
    <Box
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: dragging ? 'primary.main' : 'divider',
        borderRadius: 2,
        p: 1.5,
      }}
    >
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
        <Button
          variant="contained"
          size="large"
          startIcon={<CameraAlt />}
          onClick={() => cameraRef.current?.click()}
          disabled={Boolean(progress)}
          sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
        >
          {t('catalogue:photos.takePhoto')}
        </Button>
        <Button
          variant="outlined"
          size="large"
          startIcon={<AddPhoto />}
          onClick={() => filesRef.current?.click()}
          disabled={Boolean(progress)}
          sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
        >
          {t('catalogue:photos.choose')}
        </Button>
        <input
          ref={cameraRef}
          hidden
          type="file"
          accept="image/*"
          capture="environment"
          aria-label={t('catalogue:photos.takePhoto')}
          onChange={(e) => {
            void upload([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
        <input
          ref={filesRef}
          hidden
          type="file"
          accept="image/*"
          multiple
          data-testid="photo-files"
          aria-label={t('catalogue:photos.choose')}
          onChange={(e) => {
            void upload([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', md: 'block' }, mb: 1 }}>
        {t('catalogue:photos.dropHint')}
      </Typography>
      {progress && (
        <Box sx={{ mb: 1.5 }} role="status">
          <Typography variant="body2">{t('catalogue:photos.uploading', progress)}</Typography>
          <LinearProgress
            variant={progress.done === 0 ? 'indeterminate' : 'determinate'}
            value={(progress.done / progress.total) * 100}
            aria-label={t('catalogue:photos.uploading', progress)}
          />
        </Box>
      )}
      {problems.length > 0 && (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          {problems.map((p) => (
            <div key={p}>{p}</div>
          ))}
        </Alert>
      )}
      {item.photos.length === 0 ? (
        <Typography color="text.secondary">{t('catalogue:photos.none')}</Typography>
      ) : (
        <Box
          component="ul"
          aria-label={t('catalogue:photos.title')}
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}
        >
          {item.photos.map((photo, index) => {
            const isFeatured = photo.id === featured;
            const n = index + 1;
            return (
              <Box component="li" key={photo.id} sx={{ border: 1, borderColor: isFeatured ? 'primary.main' : 'divider', borderRadius: 1, overflow: 'hidden' }}>
                <Box
                  component="img"
                  src={photo.thumbUrl}
                  alt={t('catalogue:photos.alt', { n, name: item.name })}
                  sx={{ width: '100%', aspectRatio: '1', objectFit: 'cover', display: 'block' }}
                />
                <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
                  <IconButton
                    size="small"
                    aria-pressed={isFeatured}
                    aria-label={t('catalogue:photos.feature', { n })}
                    color={isFeatured ? 'primary' : 'default'}
                    onClick={() =>
                      void run(() => updateItem(estateId, item.id, item.version, { featuredPhotoId: photo.id }))
                    }
                  >
                    {isFeatured ? <Star /> : <StarBorder />}
                  </IconButton>
                  <IconButton size="small" aria-label={t('catalogue:photos.earlier', { n })} disabled={index === 0} onClick={() => move(index, -1)}>
                    <ChevronLeft sx={{ transform: (th) => (th.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={t('catalogue:photos.later', { n })}
                    disabled={index === item.photos.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ChevronRight sx={{ transform: (th) => (th.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={t('catalogue:photos.delete', { n })}
                    onClick={() => {
                      if (window.confirm(t('catalogue:photos.deleteConfirm'))) void run(() => deletePhoto(estateId, item.id, photo.id));
                    }}
                  >
                    <Delete />
                  </IconButton>
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
