import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  DndContext,
  DragOverlay,
  useDraggable,
  useDroppable,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, arrayMove, horizontalListSortingStrategy, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Favorite from '@mui/icons-material/Favorite';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { isApiError } from '../../../shared/api/api-error';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { PageLayout } from '../../../shared/ui/page-layout';
import { notify } from '../../../shared/ui/notify';
import { queryKeys } from '../../../shared/api/query-keys';
import { dragAccessibility, dragHandleSx, useDragSensors } from '../../../shared/hooks/use-drag-sensors';
import type { ListItem } from '@estate/domain/schemas/items';
import type { Room } from '@estate/domain/schemas/locations';
import { updateItem, useItemsList, useLocations, useReorderRooms, useRooms } from '../api';
import { useEstate } from '../use-estate';
import { NotFoundNote } from '../components/not-found-note';

const NO_ROOM = 'none';

/**
 * Two kinds of drag on one board: a card (`item:<id>`) is dropped on a column's card area
 * (`drop:<roomId>`), a column (`room:<id>`) is sorted among the columns. Each only ever meets its
 * own kind of target.
 */
const targetKind = (active: UniqueIdentifier) => (String(active).startsWith('item:') ? 'drop:' : 'room:');

/** The columns stand side by side: the target is the column under the pointer (or, by keyboard, the card). */
const boardCollisions: CollisionDetection = ({
  active,
  collisionRect,
  droppableRects,
  droppableContainers,
  pointerCoordinates,
}) => {
  const kind = targetKind(active.id);
  const x = pointerCoordinates?.x ?? collisionRect.left + collisionRect.width / 2;
  return droppableContainers
    .filter((container) => String(container.id).startsWith(kind) && !container.disabled)
    .flatMap((container) => {
      const rect = droppableRects.get(container.id);
      return rect
        ? [
            {
              id: container.id,
              data: { droppableContainer: container, value: Math.abs(rect.left + rect.width / 2 - x) },
            },
          ]
        : [];
    })
    .sort((a, b) => a.data.value - b.data.value);
};

/** Left and right arrows move a card or a column to the next column on screen (in either direction of writing). */
const boardKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (!['ArrowRight', 'ArrowLeft', 'ArrowUp', 'ArrowDown'].includes(event.code)) return undefined;
  event.preventDefault();
  const { active, collisionRect, droppableRects, droppableContainers, over } = context;
  if (!step || !active || !collisionRect) return undefined;
  const kind = targetKind(active.id);
  const columns = droppableContainers
    .getEnabled()
    .filter((container) => String(container.id).startsWith(kind))
    .flatMap((container) => {
      const rect = droppableRects.get(container.id);
      return rect ? [{ id: container.id, rect }] : [];
    })
    .sort((a, b) => a.rect.left - b.rect.left);
  const centre = collisionRect.left + collisionRect.width / 2;
  let index = columns.findIndex((c) => c.id === over?.id);
  if (index < 0)
    index = columns.findIndex((c) => centre >= c.rect.left && centre <= c.rect.left + c.rect.width);
  const next = columns[index + step];
  if (index < 0 || !next) return undefined;
  return { x: currentCoordinates.x + next.rect.left + next.rect.width / 2 - centre, y: currentCoordinates.y };
};

/** `/apps/scrumboard/boards/:boardId`: a location's board: rooms as columns, items as cards. */
export function BoardPage() {
  const { t } = useTranslation();
  const estate = useEstate();
  const { boardId = '' } = useParams();
  if (!estate) {
    return (
      <PageLayout title={t('catalogue:board.title')}>
        <NotFoundNote message={t('catalogue:locations.notFound')} back="/i/" />
      </PageLayout>
    );
  }
  return <Board estateId={estate.estateId} locationId={boardId} manage={estate.can('item.update')} />;
}

function Board({ estateId, locationId, manage }: { estateId: string; locationId: string; manage: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const locations = useLocations(estateId);
  const location = locations.data?.find((l) => l.id === locationId);
  const rooms = useRooms(estateId, location ? locationId : null);
  const list = useItemsList(estateId, { locationId: location ? locationId : undefined });
  const reorder = useReorderRooms(estateId, locationId);
  // The order just dragged, until the rooms come back from the server.
  const [dragged, setDragged] = useState<{ source: Room[] | undefined; rooms: Room[] } | null>(null);
  const order = dragged && dragged.source === rooms.data ? dragged.rooms : (rooms.data ?? []);
  const [moved, setMoved] = useState<Record<string, string | null>>({});
  const [activeItem, setActiveItem] = useState<ListItem | null>(null);

  // A board shows the whole location: keep loading pages.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const items = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const byRoom = useMemo(() => {
    const map = new Map<string, ListItem[]>();
    for (const item of items) {
      const room = (item.id in moved ? moved[item.id] : item.roomId) ?? NO_ROOM;
      map.set(room, [...(map.get(room) ?? []), item]);
    }
    return map;
  }, [items, moved]);

  const sensors = useDragSensors(boardKeyboardCoordinates);

  if (locations.isPending) return <FullPageLoader />;
  if (!location) {
    return (
      <PageLayout title={t('catalogue:board.title')}>
        {locations.isError ? (
          <Alert severity="error">{errorMessage(locations.error, t)}</Alert>
        ) : (
          <NotFoundNote message={t('catalogue:locations.notFound')} back="/apps/scrumboard/boards" />
        )}
      </PageLayout>
    );
  }

  const moveItem = async (item: ListItem, roomId: string | null) => {
    if ((item.roomId ?? null) === roomId) return;
    setMoved((m) => ({ ...m, [item.id]: roomId }));
    try {
      await updateItem(estateId, item.id, item.version, { roomId, locationId });
      notify(t('catalogue:board.moved', { name: item.name }), 'success');
    } catch (error) {
      notify(
        isApiError(error) && error.status === 412 ? t('catalogue:board.stale') : errorMessage(error, t),
        'error',
      );
    } finally {
      await queryClient.invalidateQueries({ queryKey: queryKeys.itemLists(estateId) });
      setMoved((m) => {
        const next = { ...m };
        delete next[item.id];
        return next;
      });
      void queryClient.invalidateQueries({ queryKey: queryKeys.rooms(estateId, locationId) });
    }
  };

  const onDragStart = (event: DragStartEvent) => {
    const id = String(event.active.id);
    setActiveItem(id.startsWith('item:') ? (items.find((i) => `item:${i.id}` === id) ?? null) : null);
  };

  const onDragEnd = (event: DragEndEvent) => {
    setActiveItem(null);
    const active = String(event.active.id);
    const over = event.over ? String(event.over.id) : null;
    if (!over) return;
    if (active.startsWith('item:') && over.startsWith('drop:')) {
      const item = items.find((i) => `item:${i.id}` === active);
      const target = over.slice(5);
      if (item) void moveItem(item, target === NO_ROOM ? null : target);
      return;
    }
    if (active.startsWith('room:') && over.startsWith('room:') && active !== over) {
      const from = order.findIndex((r) => `room:${r.id}` === active);
      const to = order.findIndex((r) => `room:${r.id}` === over);
      if (from < 0 || to < 0) return;
      const next = arrayMove(order, from, to);
      setDragged({ source: rooms.data, rooms: next });
      reorder.mutate(next, { onError: (error) => notify(errorMessage(error, t), 'error') });
    }
  };

  const columns: { id: string; name: string; room?: Room }[] = [
    ...order.map((room) => ({ id: room.id, name: room.name, room })),
    ...(byRoom.has(NO_ROOM) ? [{ id: NO_ROOM, name: t('catalogue:board.noRoom') }] : []),
  ];
  // Names for what a screen reader hears: "Copper Kettle is over Study".
  const nameOf = (id: UniqueIdentifier) => {
    const [kind, key] = String(id).split(/:(.*)/s) as [string, string];
    if (kind === 'item') return items.find((i) => i.id === key)?.name ?? '';
    return columns.find((c) => c.id === key)?.name ?? '';
  };

  return (
    <PageLayout
      title={location.name}
      maxWidth={4000}
      subtitle={
        <Breadcrumbs aria-label={t('catalogue:common.breadcrumbs')} component="span">
          <Link component={RouterLink} to="/apps/scrumboard/boards">
            {t('catalogue:board.title')}
          </Link>
          <span>{location.name}</span>
        </Breadcrumbs>
      }
      actions={
        <Button component={RouterLink} to={`/p/${estateId}/l/${locationId}/r`} variant="outlined">
          {t('catalogue:rooms.title')}
        </Button>
      }
    >
      {manage && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('catalogue:board.help')}
        </Typography>
      )}
      {list.isError && <Alert severity="error">{errorMessage(list.error, t)}</Alert>}
      {columns.length === 0 && <Alert severity="info">{t('catalogue:rooms.empty.title')}</Alert>}
      <DndContext
        sensors={sensors}
        collisionDetection={boardCollisions}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setActiveItem(null)}
        accessibility={dragAccessibility(t, nameOf)}
      >
        <SortableContext items={order.map((r) => `room:${r.id}`)} strategy={horizontalListSortingStrategy}>
          <Box sx={{ display: 'flex', gap: 2, overflowX: 'auto', pb: 2, alignItems: 'flex-start' }}>
            {columns.map((column) => (
              <Column
                key={column.id}
                id={column.id}
                name={column.name}
                sortable={Boolean(column.room) && manage}
                items={byRoom.get(column.id) ?? []}
                estateId={estateId}
                manage={manage}
                covers={location.settings.cardCoverImages !== false}
              />
            ))}
          </Box>
        </SortableContext>
        {/* The card under the pointer, above everything (the columns scroll and would clip it). */}
        <DragOverlay>
          {activeItem && (
            <Box aria-hidden="true">
              <CardView
                item={activeItem}
                estateId={estateId}
                manage
                covers={location.settings.cardCoverImages !== false}
                lifted
              />
            </Box>
          )}
        </DragOverlay>
      </DndContext>
    </PageLayout>
  );
}

type ColumnProps = {
  id: string;
  name: string;
  sortable: boolean;
  items: ListItem[];
  estateId: string;
  manage: boolean;
  covers: boolean;
};

function Column({ id, name, sortable, items, estateId, manage, covers }: ColumnProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: `room:${id}`,
      disabled: !sortable,
    });
  // Cards are dropped on the column: a target of its own, apart from the column's place in the order.
  const drop = useDroppable({ id: `drop:${id}`, disabled: !manage });
  return (
    <Box
      ref={(node: HTMLElement | null) => {
        setNodeRef(node);
        drop.setNodeRef(node);
      }}
      component="section"
      aria-label={name}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      sx={{
        flex: { xs: '0 0 min(280px, calc(100vw - 72px))', sm: '0 0 280px' },
        bgcolor: 'action.hover',
        borderRadius: 2,
        p: 1,
        opacity: isDragging ? 0.6 : 1,
        outline: drop.isOver ? 2 : 0,
        outlineColor: 'primary.main',
        position: 'relative',
        zIndex: isDragging ? 1 : 'auto',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        {sortable && (
          <IconButton
            ref={setActivatorNodeRef}
            size="small"
            aria-label={t('catalogue:board.moveColumn', { name })}
            sx={dragHandleSx}
            {...attributes}
            {...listeners}
          >
            <DragIndicator />
          </IconButton>
        )}
        <Typography component="h2" sx={{ fontWeight: 600, flex: 1, px: 0.5, overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        <Typography color="text.secondary" variant="body2">
          {items.length}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 1, minHeight: 60 }}>
        {items.map((item) => (
          <BoardCard key={item.id} item={item} estateId={estateId} manage={manage} covers={covers} />
        ))}
      </Box>
    </Box>
  );
}

type CardProps = { item: ListItem; estateId: string; manage: boolean; covers: boolean };

/** A card in its column; while it is dragged, a copy follows the pointer (the overlay) and this one waits, faded. */
function BoardCard({ item, estateId, manage, covers }: CardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: `item:${item.id}`,
    disabled: !manage,
  });
  return (
    <CardView
      item={item}
      estateId={estateId}
      manage={manage}
      covers={covers}
      faded={isDragging}
      cardRef={setNodeRef}
      handle={{ ref: setActivatorNodeRef, props: { ...attributes, ...listeners } }}
    />
  );
}

type CardViewProps = CardProps & {
  faded?: boolean;
  lifted?: boolean;
  cardRef?: (node: HTMLElement | null) => void;
  handle?: { ref: (node: HTMLElement | null) => void; props: object };
};

function CardView({ item, estateId, manage, covers, faded, lifted, cardRef, handle }: CardViewProps) {
  const { t } = useTranslation();
  return (
    <Card
      ref={cardRef}
      variant="outlined"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        p: 1,
        opacity: faded ? 0.4 : 1,
        boxShadow: lifted ? 6 : 'none',
        cursor: lifted ? 'grabbing' : undefined,
      }}
    >
      {manage && (
        <IconButton
          ref={handle?.ref}
          size="small"
          aria-label={t('catalogue:board.moveItem', { name: item.name })}
          // The overlay is a picture of the card, not a second control.
          tabIndex={lifted ? -1 : undefined}
          sx={dragHandleSx}
          {...handle?.props}
        >
          <DragIndicator />
        </IconButton>
      )}
      {covers && item.thumbUrl && (
        <Box
          component="img"
          src={item.thumbUrl}
          alt=""
          sx={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 1 }}
        />
      )}
      <Box sx={{ minWidth: 0, flex: 1 }}>
        {lifted ? (
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere', color: 'primary.main' }}>
            {item.name}
          </Typography>
        ) : (
          <Link
            component={RouterLink}
            to={`/p/${estateId}/i/${item.id}`}
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {item.name}
          </Link>
        )}
        <Typography variant="body2" color="text.secondary">
          {item.label}
        </Typography>
      </Box>
      {item.interestCount > 0 && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25, color: 'text.secondary' }}>
          <Favorite fontSize="small" aria-hidden="true" />
          <span>{item.interestCount}</span>
        </Box>
      )}
    </Card>
  );
}
