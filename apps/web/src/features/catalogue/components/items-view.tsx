import {
  memo,
  startTransition,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
} from 'react';
import { Link as RouterLink } from 'react-router';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import Box from '@mui/material/Box';
import { alpha, type CSSObject, type Theme } from '@mui/material/styles';
import { useFirstContentShown } from '../../../shared/api/first-content';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { focusColor } from '../../../shared/theme/themes';
import type { ListItem } from '@estate/domain/schemas/items';
import { ItemCard, NoPhotoIcon, itemCardStyles } from './item-card';
import { HeartButton } from './heart-button';
import { StatusChip } from './status-chip';
import { GRID_GAP, gridColumns } from '../grid';

export type ItemsLayout = 'grid' | 'table';

type Props = {
  /** The list's width before it is on screen, read from an element as wide that already is. */
  expectedWidth?: () => number;
  estateId: string;
  items: ListItem[];
  view: ItemsLayout;
  canHeart: boolean;
  approvals?: Map<string, 'approved' | 'flagged'>;
  roomName: (roomId: string | null) => string;
  hasMore: boolean;
  onEndReached: () => void;
};

const TABLE_ROW = 64;
const OVERSCAN = 4;
/** Ask for the next page while this many items are still below the last rendered row. */
const PREFETCH_ITEMS = 30;
const TABLE_COLUMNS = '56px 90px minmax(0, 1fr) 180px 120px 110px';
const NARROW_TABLE_COLUMNS = '48px minmax(0, 1fr) auto';
/** From this width the table has a column for each field; narrower, number and room go under the name. */
const WIDE_TABLE = 700;

/**
 * Width of the element, kept up to date. It starts from `expected` (read from an element already
 * on screen that is as wide), so the first render has the right columns and the first paint needs
 * no second render before it (ADR 0026).
 */
function useWidth(ref: React.RefObject<HTMLElement | null>, expected?: () => number) {
  const [width, setWidth] = useState(() => expected?.() ?? 0);
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
 * Where the list starts in the page. Kept up to date when something above it changes height (the
 * filters open, the review banner arrives), so the rows on screen stay the rows in view.
 */
function useScrollMargin(ref: React.RefObject<HTMLElement | null>) {
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => setMargin(Math.round(element.getBoundingClientRect().top + window.scrollY));
    // The first measurement only trims the rows rendered below the screen (a row's place does not
    // depend on it), so it waits for a free moment instead of a second render before the first paint.
    startTransition(update);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return margin;
}

/** Each row is laid out and painted on its own: a new row does not make the browser redo the others. */
const rowStyle = (top: number, height: number): CSSProperties => ({
  position: 'absolute',
  top: 0,
  left: 0,
  width: '100%',
  height,
  transform: `translateY(${top}px)`,
  contain: 'layout paint',
});

type GridRowProps = {
  estateId: string;
  items: ListItem[];
  columns: number;
  top: number;
  height: number;
  canHeart: boolean;
  approvals?: Map<string, 'approved' | 'flagged'>;
  /** The photos below the first row wait until the page's first content is shown (ADR 0031). */
  photosWait: boolean;
};

/** Rows re-render only when one of their own items changes, not when the list grows or scrolls. */
function sameGridRow(a: GridRowProps, b: GridRowProps) {
  return (
    a.estateId === b.estateId &&
    a.columns === b.columns &&
    a.top === b.top &&
    a.height === b.height &&
    a.canHeart === b.canHeart &&
    a.approvals === b.approvals &&
    a.photosWait === b.photosWait &&
    a.items.length === b.items.length &&
    a.items.every((item, i) => item === b.items[i])
  );
}

const GridRow = memo(function GridRow({
  estateId,
  items,
  columns,
  top,
  height,
  canHeart,
  approvals,
  photosWait,
}: GridRowProps) {
  return (
    <div
      className="items-grid-row"
      style={{ ...rowStyle(top, height), gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
    >
      {items.map((item) => (
        <div key={item.id} className="items-grid-cell">
          <ItemCard
            estateId={estateId}
            item={item}
            canHeart={canHeart}
            approval={approvals?.get(item.id)}
            eager={top === 0}
            photoWaits={photosWait && top !== 0}
          />
        </div>
      ))}
    </div>
  );
}, sameGridRow);

type TableRowProps = {
  estateId: string;
  item: ListItem;
  index: number;
  top: number;
  canHeart: boolean;
  room: string;
  wide: boolean;
};

/** A table row of plain elements (styled once by the table): cheap to add while scrolling. */
const TableRow = memo(function TableRow({ estateId, item, index, top, canHeart, room, wide }: TableRowProps) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className="items-table-row"
      style={{
        ...rowStyle(top, TABLE_ROW),
        gridTemplateColumns: wide ? TABLE_COLUMNS : NARROW_TABLE_COLUMNS,
      }}
    >
      <div role="cell" className="items-table-photo">
        {item.thumbUrl ? (
          <img src={item.thumbUrl} alt="" loading="lazy" decoding="async" width={48} height={48} />
        ) : (
          <NoPhotoIcon />
        )}
      </div>
      {wide && (
        <div role="cell" className="items-table-number">
          {item.label}
        </div>
      )}
      <div role="cell" className="items-table-name">
        <RouterLink to={`/p/${estateId}/i/${item.id}`}>{item.name}</RouterLink>
        {!wide && (
          <div className="items-table-secondary">
            {item.label}
            {room && ` · ${room}`}
          </div>
        )}
      </div>
      {wide && (
        <>
          <div role="cell" className="items-table-room">
            {room}
          </div>
          <div role="cell">
            <StatusChip status={item.status} distribution={item.distribution} />
          </div>
        </>
      )}
      <div role="cell">
        <HeartButton estateId={estateId} item={item} enabled={canHeart} size="small" />
      </div>
    </div>
  );
});

const ellipsis = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** The styles of every row, once for the whole list. */
const listSx = (theme: Theme): CSSObject => ({
  '& .items-grid-row': {
    display: 'grid',
    gap: `${GRID_GAP}px`,
    paddingBottom: `${GRID_GAP}px`,
    boxSizing: 'border-box',
  },
  '& .items-grid-cell': { minWidth: 0 },
  '& .items-table-row': {
    display: 'grid',
    alignItems: 'center',
    gap: theme.spacing(1.5),
    borderBottom: `1px solid ${theme.palette.divider}`,
    paddingInline: theme.spacing(1),
    boxSizing: 'border-box',
  },
  '& .items-table-photo': {
    width: 48,
    height: 48,
    borderRadius: `${theme.shape.borderRadius}px`,
    overflow: 'hidden',
    backgroundColor: theme.palette.action.hover,
    color: theme.palette.text.disabled,
    display: 'grid',
    placeItems: 'center',
    '& img': { width: 48, height: 48, objectFit: 'cover', display: 'block' },
  },
  '& .items-table-number': { fontVariantNumeric: 'tabular-nums' },
  '& .items-table-name': {
    minWidth: 0,
    '& a': {
      ...theme.typography.body1,
      fontWeight: 600,
      color: theme.palette.primary.main,
      textDecorationColor: alpha(theme.palette.primary.main, 0.4),
      overflowWrap: 'anywhere',
      display: '-webkit-box',
      WebkitLineClamp: 1,
      WebkitBoxOrient: 'vertical',
      overflow: 'hidden',
    },
    '& a:hover': { textDecorationColor: 'inherit' },
    '& a:focus-visible': { outline: `3px solid ${focusColor(theme)}`, outlineOffset: 2, borderRadius: 2 },
  },
  '& .items-table-secondary': { ...theme.typography.body2, color: theme.palette.text.secondary, ...ellipsis },
  '& .items-table-room': { ...theme.typography.body2, minWidth: 0, ...ellipsis },
  ...itemCardStyles(theme),
});

type RowsProps = Omit<Props, 'view' | 'items' | 'expectedWidth'> & {
  items: ListItem[];
  view: ItemsLayout;
  columns: number;
  rowHeight: number;
  scrollMargin: number;
  wide: boolean;
};

/**
 * The rows on screen (plus a few), placed in a box as tall as all of them. Scrolling re-renders
 * only this: plain elements, and rows that are new on screen.
 */
function VirtualRows(props: RowsProps) {
  const { estateId, items, view, canHeart, approvals, roomName, hasMore, onEndReached } = props;
  // The first row's photos are the page's largest paint: the others wait for it (ADR 0031).
  const photosWait = !useFirstContentShown();
  const { columns, rowHeight, scrollMargin, wide } = props;
  const rowCount = Math.ceil(items.length / columns);
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    scrollMargin,
    // The window's size from the start, so that measuring it on mount changes nothing.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    useFlushSync: false,
  });
  // Rows change height with the width; measured anew then, not on mount (nothing is measured yet).
  const measuredHeight = useRef(rowHeight);
  useEffect(() => {
    if (measuredHeight.current === rowHeight) return;
    measuredHeight.current = rowHeight;
    virtualizer.measure();
  }, [rowHeight, virtualizer]);

  const virtualRows = virtualizer.getVirtualItems();
  const lastIndex = virtualRows[virtualRows.length - 1]?.index ?? -1;
  const prefetchRows = Math.max(OVERSCAN, Math.ceil(PREFETCH_ITEMS / columns));
  const nearEnd = lastIndex >= 0 && lastIndex >= rowCount - 1 - prefetchRows;
  useEffect(() => {
    if (hasMore && nearEnd) onEndReached();
  }, [hasMore, nearEnd, rowCount, onEndReached]);

  const rows = virtualRows.map((row) => {
    const top = row.start - scrollMargin;
    if (view === 'grid') {
      return (
        <GridRow
          key={row.key}
          estateId={estateId}
          items={items.slice(row.index * columns, row.index * columns + columns)}
          columns={columns}
          top={top}
          height={row.size}
          canHeart={canHeart}
          approvals={approvals}
          photosWait={photosWait}
        />
      );
    }
    const item = items[row.index]!;
    return (
      <TableRow
        key={item.id}
        estateId={estateId}
        item={item}
        index={row.index}
        top={top}
        canHeart={canHeart}
        room={roomName(item.roomId)}
        wide={wide}
      />
    );
  });
  return (
    <div
      role={view === 'table' ? 'rowgroup' : undefined}
      data-virtual-rows=""
      style={{ position: 'relative', height: virtualizer.getTotalSize() }}
    >
      {rows}
    </div>
  );
}

/** The table's header row: a column for each field when there is room. */
const TableHeader = memo(function TableHeader({ wide }: { wide: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      role="row"
      aria-rowindex={1}
      sx={{
        display: wide ? 'grid' : 'none',
        gridTemplateColumns: TABLE_COLUMNS,
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
  );
});

/**
 * The items, virtualised against the window's scroll so thousands of them stay smooth: only the
 * rows on screen (plus a few) are in the page. Nearing the end asks for the next page.
 */
export function ItemsView({ expectedWidth, ...props }: Props) {
  const { items, view } = props;
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const width = useWidth(ref, expectedWidth);
  const columns = view === 'grid' ? gridColumns(width) : 1;
  const cardWidth = (width - GRID_GAP * (columns - 1)) / columns;
  const rowHeight = view === 'grid' ? Math.round(cardWidth * 0.75 + 120 + GRID_GAP) : TABLE_ROW;
  const scrollMargin = useScrollMargin(ref);
  const wide = width >= WIDE_TABLE;
  const rows = (
    <VirtualRows {...props} columns={columns} rowHeight={rowHeight} scrollMargin={scrollMargin} wide={wide} />
  );

  return (
    <Box ref={ref} sx={{ width: '100%' }}>
      {view === 'table' ? (
        <Box role="table" aria-label={t('catalogue:items.title')} aria-rowcount={items.length + 1}>
          <TableHeader wide={wide} />
          <Box sx={listSx}>{rows}</Box>
        </Box>
      ) : (
        <Box component="section" aria-label={t('catalogue:items.title')} sx={listSx}>
          {rows}
        </Box>
      )}
    </Box>
  );
}
