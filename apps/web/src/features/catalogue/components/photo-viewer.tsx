import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import Close from '@mui/icons-material/Close';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ZoomIn from '@mui/icons-material/ZoomIn';
import ZoomOut from '@mui/icons-material/ZoomOut';
import type { Photo } from '@estate/domain/schemas/photos';
import { useTranslation } from '../../../shared/i18n/use-translation';

type Props = {
  photos: Photo[];
  /** The photo shown first. */
  start: number;
  itemName: string;
  onClose: () => void;
};

type View = { scale: number; x: number; y: number };
const FIT: View = { scale: 1, x: 0, y: 0 };
const MAX_SCALE = 5;

const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(1, scale));
/** The distance between the two fingers of a pinch. */
function spread(points: Map<number, { x: number; y: number }>): number {
  const [a, b] = [...points.values()];
  return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
}

/**
 * An item's photos on the whole screen: pinch or double-tap to zoom, drag to look around, the
 * buttons (48 px) for those who cannot pinch, previous/next, and the keyboard (+, −, arrows, Esc).
 * `touch-action: none` on the photo gives its gestures to this component instead of the page.
 */
export function PhotoViewer({ photos, start, itemName, onClose }: Props) {
  const { t } = useTranslation();
  const rtl = useTheme().direction === 'rtl';
  const [index, setIndex] = useState(start);
  const [view, setView] = useState<View>(FIT);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; scale: number } | null>(null);
  const lastTap = useRef(0);
  const photo = photos[index];
  const count = photos.length;

  const zoom = (by: number) =>
    setView((v) => {
      const scale = clampScale(v.scale * by);
      return scale === 1 ? FIT : { scale, x: v.x, y: v.y };
    });
  const go = (by: number) => {
    setIndex((i) => (i + by + count) % count);
    setView(FIT);
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 2) {
      pinch.current = { distance: spread(pointers.current), scale: view.scale };
    } else if (event.pointerType !== 'mouse') {
      const now = Date.now();
      if (now - lastTap.current < 300) setView((v) => (v.scale > 1 ? FIT : { scale: 2.5, x: 0, y: 0 }));
      lastTap.current = now;
    }
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const previous = pointers.current.get(event.pointerId);
    if (!previous) return;
    const current = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, current);
    if (pointers.current.size === 2 && pinch.current) {
      const distance = spread(pointers.current);
      const scale = clampScale((pinch.current.scale * distance) / Math.max(1, pinch.current.distance));
      setView((v) => (scale === 1 ? FIT : { ...v, scale }));
    } else if (pointers.current.size === 1) {
      setView((v) => (v.scale === 1 ? v : { ...v, x: v.x + current.x - previous.x, y: v.y + current.y - previous.y }));
    }
  };
  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === '+' || event.key === '=') zoom(1.5);
    else if (event.key === '-') zoom(1 / 1.5);
    else if (event.key === 'ArrowRight' && count > 1) go(rtl ? -1 : 1);
    else if (event.key === 'ArrowLeft' && count > 1) go(rtl ? 1 : -1);
    else return;
    event.preventDefault();
  };

  const flip = { transform: (th: { direction: string }) => (th.direction === 'rtl' ? 'scaleX(-1)' : undefined) };
  const button = { color: 'common.white', bgcolor: 'rgba(0,0,0,0.55)', width: 48, height: 48, '&:hover': { bgcolor: 'rgba(0,0,0,0.75)' } };
  if (!photo) return null;
  const alt = t('catalogue:photos.alt', { n: index + 1, name: itemName });

  return (
    <Dialog
      open
      fullScreen
      onClose={onClose}
      onKeyDown={onKeyDown}
      data-testid="photo-viewer"
      slotProps={{ paper: { 'aria-label': alt, sx: { bgcolor: '#000', color: 'common.white', borderRadius: 0 } } }}
    >
      <Box
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onWheel={(event) => zoom(event.deltaY < 0 ? 1.2 : 1 / 1.2)}
        sx={{ position: 'absolute', inset: 0, overflow: 'hidden', touchAction: 'none', display: 'grid', placeItems: 'center', cursor: view.scale > 1 ? 'grab' : 'zoom-in' }}
        onDoubleClick={() => setView((v) => (v.scale > 1 ? FIT : { scale: 2.5, x: 0, y: 0 }))}
      >
        <Box
          component="img"
          src={photo.originalUrl}
          alt={alt}
          draggable={false}
          sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', userSelect: 'none', transformOrigin: 'center' }}
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
        />
      </Box>
      <Box sx={{ position: 'absolute', top: 8, insetInlineStart: 8, insetInlineEnd: 8, display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography sx={{ flex: 1, minWidth: 0, px: 1, py: 0.5, bgcolor: 'rgba(0,0,0,0.55)', borderRadius: 1, overflowWrap: 'anywhere' }}>
          <bdi>{itemName}</bdi> · {t('catalogue:photos.counter', { n: index + 1, count })}
        </Typography>
        <IconButton aria-label={t('catalogue:photos.zoomOut')} onClick={() => zoom(1 / 1.5)} disabled={view.scale === 1} sx={button}>
          <ZoomOut />
        </IconButton>
        <IconButton aria-label={t('catalogue:photos.zoomIn')} onClick={() => zoom(1.5)} disabled={view.scale >= MAX_SCALE} sx={button}>
          <ZoomIn />
        </IconButton>
        <IconButton aria-label={t('actions.close')} onClick={onClose} sx={button} data-testid="photo-viewer-close">
          <Close />
        </IconButton>
      </Box>
      {count > 1 && (
        <Box sx={{ position: 'absolute', bottom: 16, insetInlineStart: 0, insetInlineEnd: 0, display: 'flex', justifyContent: 'center', gap: 2 }}>
          <IconButton aria-label={t('catalogue:photos.previous')} onClick={() => go(-1)} sx={button}>
            <ChevronLeft sx={flip} />
          </IconButton>
          <IconButton aria-label={t('catalogue:photos.next')} onClick={() => go(1)} sx={button}>
            <ChevronRight sx={flip} />
          </IconButton>
        </Box>
      )}
    </Dialog>
  );
}
