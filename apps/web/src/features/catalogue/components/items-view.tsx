import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { ListItem } from '../api';
import { ItemCard } from './item-card';
import { HeartButton } from './heart-button';
import { StatusChip } from './status-chip';

type Props = {
  estateId: string;
  items: ListItem[];
  view: 'grid' | 'table';
  canHeart: boolean;
  approvals?: Map<string, 'approved' | 'flagged'>;
  roomName: (roomId: string | null) => string;
  hasMore: boolean;
  onEndReached: () => void;
};

const GAP = 12;
const MIN_CARD = 160;
const TABLE_ROW = 64;

/** Width of the element, kept up to date. */
function useWidth(ref: React.RefObject<HTMLElement | null>) {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * The items, virtualised against the window's scroll so thousands of them stay smooth: only the
 * rows on screen (plus a few) are in the page. Reaching the end asks for the next page.
 */
export function ItemsView({ estateId, items, view, canHeart, approvals, roomName, hasMore, onEndReached }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const width = useWidth(ref);
  const columns = view === 'grid' ? Math.max(2, Math.floor((width + GAP) / (MIN_CARD + GAP))) : 1;
  const cardWidth = (width - GAP * (columns - 1)) / columns;
  const rowHeight = view === 'grid' ? Math.round(cardWidth * 0.75 + 120 + GAP) : TABLE_ROW;
  const rowCount = Math.ceil(items.length / columns);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    setScrollMargin(ref.current ? ref.current.getBoundingClientRect().top + window.scrollY : 0);
  }, [view, width]);

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => rowHeight,
    overscan: 4,
    scrollMargin,
    // jsdom has no layout: render a first screenful there.
    initialRect: { width: 1024, height: 900 },
  });
  useEffect(() => {
    virtualizer.measure();
  }, [rowHeight, virtualizer]);

  const virtualRows = virtualizer.getVirtualItems();
  const last = virtualRows[virtualRows.length - 1];
  useEffect(() => {
    if (hasMore && last && last.index >= rowCount - 3) onEndReached();
  }, [hasMore, last, rowCount, onEndReached]);

  const rows = virtualRows.map((row) => {
    const slice = items.slice(row.index * columns, row.index * columns + columns);
    const style = {
      position: 'absolute' as const,
      top: 0,
      left: 0,
      width: '100%',
      height: row.size,
      transform: `translateY(${row.start - scrollMargin}px)`,
    };
    if (view === 'grid') {
      return (
        <Box
          key={row.key}
          style={style}
          sx={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, 1fr)`, gap: `${GAP}px`, pb: `${GAP}px` }}
        >
          {slice.map((item) => (
            <Box key={item.id} sx={{ minWidth: 0 }}>
              <ItemCard estateId={estateId} item={item} canHeart={canHeart} approval={approvals?.get(item.id)} />
            </Box>
          ))}
        </Box>
      );
    }
    const item = slice[0]!;
    return (
      <Box
        key={row.key}
        role="row"
        style={style}
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '48px 1fr auto', md: '56px 90px 1fr 180px 120px 110px' },
          alignItems: 'center',
          gap: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
          px: 1,
        }}
      >
        <Box role="cell" sx={{ width: 48, height: 48, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}>
          {item.thumbUrl ? (
            <Box component="img" src={item.thumbUrl} alt="" loading="lazy" sx={{ width: 48, height: 48, objectFit: 'cover' }} />
          ) : (
            <Box sx={{ display: 'grid', placeItems: 'center', height: '100%', color: 'text.disabled' }}>
              <ImageOutlined aria-hidden="true" />
            </Box>
          )}
        </Box>
        <Box role="cell" sx={{ display: { xs: 'none', md: 'block' }, fontVariantNumeric: 'tabular-nums' }}>
          {item.label}
        </Box>
        <Box role="cell" sx={{ minWidth: 0 }}>
          <Link component={RouterLink} to={`/p/${estateId}/i/${item.id}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {item.name}
          </Link>
          <Typography variant="body2" color="text.secondary" noWrap sx={{ display: { md: 'none' } }}>
            {item.label} · {roomName(item.roomId)}
          </Typography>
        </Box>
        <Box role="cell" sx={{ display: { xs: 'none', md: 'block' }, minWidth: 0 }}>
          <Typography noWrap variant="body2">
            {roomName(item.roomId)}
          </Typography>
        </Box>
        <Box role="cell" sx={{ display: { xs: 'none', md: 'block' } }}>
          <StatusChip status={item.status} />
        </Box>
        <Box role="cell">
          <HeartButton estateId={estateId} item={item} enabled={canHeart} size="small" />
        </Box>
      </Box>
    );
  });

  return (
    <Box ref={ref} sx={{ width: '100%' }}>
      {view === 'table' ? (
        <Box role="table" aria-label={t('catalogue:items.title')} aria-rowcount={items.length + 1}>
          <Box
            role="row"
            sx={{
              display: { xs: 'none', md: 'grid' },
              gridTemplateColumns: '56px 90px 1fr 180px 120px 110px',
              gap: 1.5,
              px: 1,
              py: 1,
              borderBottom: 2,
              borderColor: 'divider',
              fontWeight: 600,
            }}
          >
            <Box role="columnheader">{t('catalogue:items.photo')}</Box>
            <Box role="columnheader">{t('catalogue:fields.number')}</Box>
            <Box role="columnheader">{t('catalogue:fields.name')}</Box>
            <Box role="columnheader">{t('catalogue:fields.room')}</Box>
            <Box role="columnheader">{t('catalogue:fields.status')}</Box>
            <Box role="columnheader">{t('catalogue:interest.title')}</Box>
          </Box>
          <Box role="rowgroup" sx={{ position: 'relative', height: virtualizer.getTotalSize() }}>
            {rows}
          </Box>
        </Box>
      ) : (
        <Box component="section" aria-label={t('catalogue:items.title')} sx={{ position: 'relative', height: virtualizer.getTotalSize() }}>
          {rows}
        </Box>
      )}
    </Box>
  );
}
