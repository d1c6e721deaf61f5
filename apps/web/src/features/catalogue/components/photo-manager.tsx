import { useId, useRef, useState, type DragEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DndContext, closestCenter, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, arrayMove, rectSortingStrategy, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
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
import DragIndicator from '@mui/icons-material/DragIndicator';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import { PHOTO_LIMITS } from '@estate/domain/uploads';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { isApiError } from '../../../shared/api/api-error';
import { notify } from '../../../shared/ui/notify';
import { dragAccessibility, dragHandleSx, useDragSensors } from '../../../shared/hooks/use-drag-sensors';
import type { Item } from '@estate/domain/schemas/items';
import type { Photo } from '@estate/domain/schemas/photos';
import { deletePhoto, refreshItem, reorderPhotos, updateItem, uploadPhoto } from '../api';
import { shrinkPhoto } from '../../../shared/ui/shrink-photo';
import { usePolicy } from '../../../shared/session/actor';
import { useOffer } from '../../../shared/ui/offer';

type Props = { estateId: string; item: Item };

/**
 * Photos of an item: take one with the phone camera or choose files (or drop them here on a
 * computer); they upload one by one with progress. Reorder (drag a photo by its handle, with the
 * keyboard, or with the arrow buttons), choose the featured one, delete.
 */
export function PhotoManager({ estateId, item }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // Creators add: they order and feature photos on the items they added, and delete the photos they
  // added; anyone else's is disabled here with the reason (a trustee may do all of it).
  const policy = usePolicy(estateId);
  const offer = useOffer(policy.actor?.stage ?? 0);
  const arrange = offer(policy.decide('photo.manage', { addedByCaller: item.addedByYou }));
  const removable = (photo: Photo) => offer(policy.decide('photo.manage', { addedByCaller: photo.addedByYou === true }));
  const notTheirsId = useId();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  // Photos taken with no network: kept on this phone and sent when the connection returns.
  const [kept, setKept] = useState(0);
  const [dragging, setDragging] = useState(false);
  const cameraRef = useRef<HTMLInputElement>(null);
  // An item keeps at most PHOTO_LIMITS.perItem photos: adding is offered disabled, with the reason.
  const full = item.photos.length >= PHOTO_LIMITS.perItem;
  const fullId = useId();
  const filesRef = useRef<HTMLInputElement>(null);

  const refresh = () => refreshItem(queryClient, estateId, item.id);

  const upload = async (files: File[]) => {
    const chosen = files.filter((f) => f.type === '' || f.type.startsWith('image/'));
    // As many as the item still has room for; the rest are named, not sent to be refused.
    const room = Math.max(0, PHOTO_LIMITS.perItem - item.photos.length);
    const images = chosen.slice(0, room);
    const failed: string[] = chosen
      .slice(room)
      .map((f) => `${f.name}: ${t('catalogue:photos.overLimit', { perItem: PHOTO_LIMITS.perItem })}`);
    if (images.length === 0) {
      setProblems(failed);
      return;
    }
    setProblems([]);
    if (!navigator.onLine) {
      const { keepChange } = await import('../../../shared/offline/queue');
      setProgress({ done: 0, total: images.length });
      for (const [index, file] of images.entries()) {
        await keepChange({ kind: 'photo', estateId, itemId: item.id, name: item.name, blob: await shrinkPhoto(file) });
        setKept((n) => n + 1);
        setProgress({ done: index + 1, total: images.length });
      }
      setProgress(null);
      return;
    }
    setProgress({ done: 0, total: images.length });
    const tooLarge = t('catalogue:photos.tooLarge', {
      megabytes: PHOTO_LIMITS.bytes / (1024 * 1024),
      megapixels: PHOTO_LIMITS.megapixels,
    });
    for (const [index, file] of images.entries()) {
      try {
        // Made smaller on this device first; still over the size limit: said without uploading it
        // (the pixel limit is checked by the server).
        const sent = await shrinkPhoto(file);
        if (sent.size > PHOTO_LIMITS.bytes) failed.push(`${file.name}: ${tooLarge}`);
        else await uploadPhoto(estateId, item.id, sent);
      } catch (error) {
        const reason =
          isApiError(error) && error.status === 413
            ? tooLarge
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

  // The order just chosen, shown until the item comes back from the server with it.
  const [reordered, setReordered] = useState<{ source: Photo[]; photos: Photo[] } | null>(null);
  const photos = reordered && reordered.source === item.photos ? reordered.photos : item.photos;
  const featured = item.featuredPhotoId ?? photos[0]?.id ?? null;
  const sensors = useDragSensors();

  const reorder = (next: Photo[]) => {
    setReordered({ source: item.photos, photos: next });
    void run(() =>
      reorderPhotos(
        estateId,
        item.id,
        next.map((p) => p.id),
      ),
    );
  };
  const move = (index: number, by: number) => reorder(arrayMove(photos, index, index + by));
  const onSortEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = photos.findIndex((p) => p.id === active.id);
    const to = photos.findIndex((p) => p.id === over.id);
    if (from >= 0 && to >= 0) reorder(arrayMove(photos, from, to));
  };
  const nameOf = (id: UniqueIdentifier) =>
    t('catalogue:photos.name', { n: photos.findIndex((p) => p.id === id) + 1 });

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
          disabled={Boolean(progress) || full}
          aria-describedby={full ? fullId : undefined}
          sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
        >
          {t('catalogue:photos.takePhoto')}
        </Button>
        <Button
          variant="outlined"
          size="large"
          startIcon={<AddPhoto />}
          onClick={() => filesRef.current?.click()}
          disabled={Boolean(progress) || full}
          aria-describedby={full ? fullId : undefined}
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
      {full && (
        <Typography id={fullId} sx={{ mb: 1 }} data-testid="photo-full">
          {t('catalogue:photos.full', { perItem: PHOTO_LIMITS.perItem })}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="photo-limit">
        {t('catalogue:photos.limit', {
          perItem: PHOTO_LIMITS.perItem,
          megabytes: PHOTO_LIMITS.bytes / (1024 * 1024),
          megapixels: PHOTO_LIMITS.megapixels,
        })}
      </Typography>
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
      {kept > 0 && (
        <Alert severity="success" sx={{ mb: 1.5 }} data-testid="photos-kept">
          {t('stories:offline.photosKept', { count: kept })} {t('stories:offline.kept')}
        </Alert>
      )}
      {problems.length > 0 && (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          {problems.map((p) => (
            <div key={p}>{p}</div>
          ))}
        </Alert>
      )}
      {photos.some((p) => arrange.refusal ?? removable(p).refusal) && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} id={notTheirsId} data-testid="photo-refusal">
          {arrange.refusal ?? photos.map((p) => removable(p).refusal).find(Boolean)}
        </Typography>
      )}
      {photos.length === 0 ? (
        <Typography color="text.secondary">{t('catalogue:photos.none')}</Typography>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onSortEnd}
          accessibility={dragAccessibility(t, nameOf, t('catalogue:photos.dragInstructions'))}
        >
          {photos.length > 1 && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('catalogue:photos.dragHint')}
            </Typography>
          )}
          <SortableContext items={photos.map((p) => p.id)} strategy={rectSortingStrategy}>
            <Box
              component="ul"
              aria-label={t('catalogue:photos.title')}
              sx={{
                listStyle: 'none',
                m: 0,
                p: 0,
                display: 'grid',
                gap: 1,
                // Wide enough for each photo's four 48 px buttons: one a row on a phone, more on wider screens.
                gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
              }}
            >
              {photos.map((photo, index) => (
                <PhotoTile
                  key={photo.id}
                  photo={photo}
                  n={index + 1}
                  count={photos.length}
                  itemName={item.name}
                  featured={photo.id === featured}
                  arrangeRefusal={arrange.refusal}
                  deleteRefusal={removable(photo).refusal}
                  refusalId={notTheirsId}
                  onFeature={() =>
                    void run(() => updateItem(estateId, item.id, item.version, { featuredPhotoId: photo.id }))
                  }
                  onMove={(by) => move(index, by)}
                  onDelete={() => {
                    if (window.confirm(t('catalogue:photos.deleteConfirm')))
                      void run(() => deletePhoto(estateId, item.id, photo.id));
                  }}
                />
              ))}
            </Box>
          </SortableContext>
        </DndContext>
      )}
    </Box>
  );
}

type TileProps = {
  photo: Photo;
  /** Why ordering and featuring are not offered (someone else's item), or null. */
  arrangeRefusal: string | null;
  /** Why deleting this photo is not offered (someone else's photo), or null. */
  deleteRefusal: string | null;
  refusalId: string;
  n: number;
  count: number;
  itemName: string;
  featured: boolean;
  onFeature: () => void;
  onMove: (by: number) => void;
  onDelete: () => void;
};

/** One photo: a handle to drag it (top corner), then feature, earlier, later and delete. */
function PhotoTile({ photo, n, count, itemName, featured, arrangeRefusal, deleteRefusal, refusalId, onFeature, onMove, onDelete }: TileProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: photo.id,
      disabled: Boolean(arrangeRefusal),
    });
  const flip = {
    transform: (th: { direction: string }) => (th.direction === 'rtl' ? 'scaleX(-1)' : undefined),
  };
  return (
    <Box
      component="li"
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      sx={{
        position: 'relative',
        border: 1,
        borderColor: featured ? 'primary.main' : 'divider',
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: 'background.paper',
        zIndex: isDragging ? 2 : 'auto',
        boxShadow: isDragging ? 6 : 'none',
      }}
    >
      <Box
        component="img"
        src={photo.thumbUrl}
        alt={t('catalogue:photos.alt', { n, name: itemName })}
        sx={{ width: '100%', aspectRatio: '1', objectFit: 'cover', display: 'block' }}
      />
      <IconButton
        ref={setActivatorNodeRef}
        aria-label={t('catalogue:photos.drag', { n })}
        {...attributes}
        {...listeners}
        sx={{
          ...dragHandleSx,
          position: 'absolute',
          top: 4,
          insetInlineStart: 4,
          bgcolor: 'background.paper',
          boxShadow: 1,
          '&:hover': { bgcolor: 'background.paper' },
        }}
      >
        <DragIndicator />
      </IconButton>
      <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
        <IconButton
          aria-pressed={featured}
          aria-label={t('catalogue:photos.feature', { n })}
          color={featured ? 'primary' : 'default'}
          onClick={onFeature}
          disabled={Boolean(arrangeRefusal)}
          aria-describedby={arrangeRefusal ? refusalId : undefined}
        >
          {featured ? <Star /> : <StarBorder />}
        </IconButton>
        <IconButton
          aria-label={t('catalogue:photos.earlier', { n })}
          disabled={n === 1 || Boolean(arrangeRefusal)}
          aria-describedby={arrangeRefusal ? refusalId : undefined}
          onClick={() => onMove(-1)}
        >
          <ChevronLeft sx={flip} />
        </IconButton>
        <IconButton
          aria-label={t('catalogue:photos.later', { n })}
          disabled={n === count || Boolean(arrangeRefusal)}
          aria-describedby={arrangeRefusal ? refusalId : undefined}
          onClick={() => onMove(1)}
        >
          <ChevronRight sx={flip} />
        </IconButton>
        <IconButton
          aria-label={t('catalogue:photos.delete', { n })}
          onClick={onDelete}
          disabled={Boolean(deleteRefusal)}
          aria-describedby={deleteRefusal ? refusalId : undefined}
        >
          <Delete />
        </IconButton>
      </Box>
    </Box>
  );
}
