import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCorners,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  horizontalListSortingStrategy,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
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
import {
  catalogueKeys,
  updateItem,
  useItemsList,
  useLocations,
  useRooms,
  useSaveRoom,
  type ListItem,
  type Room,
} from '../api';
import { useEstate } from '../use-estate';
import { NotFoundNote } from '../components/not-found-note';

const NO_ROOM = 'none';

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
  const saveRoom = useSaveRoom(estateId, locationId);
  // The order just dragged, until the rooms come back from the server.
  const [dragged, setDragged] = useState<{ source: Room[] | undefined; rooms: Room[] } | null>(null);
  const order = dragged && dragged.source === rooms.data ? dragged.rooms : (rooms.data ?? []);
  const [moved, setMoved] = useState<Record<string, string | null>>({});

  // A board shows the whole location: keep loading pages.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
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

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

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
      await queryClient.invalidateQueries({ queryKey: [...catalogueKeys.items(estateId), 'list'] });
      setMoved((m) => {
        const next = { ...m };
        delete next[item.id];
        return next;
      });
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.rooms(estateId, locationId) });
    }
  };

  const onDragEnd = (event: DragEndEvent) => {
    const active = String(event.active.id);
    const over = event.over ? String(event.over.id) : null;
    if (!over) return;
    if (active.startsWith('item:')) {
      const item = items.find((i) => `item:${i.id}` === active);
      const target = over.startsWith('room:') ? over.slice(5) : null;
      if (item && target) void moveItem(item, target === NO_ROOM ? null : target);
      return;
    }
    if (active.startsWith('room:') && over.startsWith('room:') && active !== over) {
      const from = order.findIndex((r) => `room:${r.id}` === active);
      const to = order.findIndex((r) => `room:${r.id}` === over);
      if (from < 0 || to < 0) return;
      const next = arrayMove(order, from, to);
      setDragged({ source: rooms.data, rooms: next });
      next.forEach((room, position) => {
        if (room.position !== position) saveRoom.mutate({ id: room.id, position });
      });
    }
  };

  const columns: { id: string; name: string; room?: Room }[] = [
    ...order.map((room) => ({ id: room.id, name: room.name, room })),
    ...(byRoom.has(NO_ROOM) ? [{ id: NO_ROOM, name: t('catalogue:board.noRoom') }] : []),
  ];

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
        collisionDetection={closestCorners}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: { draggable: t('catalogue:board.dragInstructions') },
        }}
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
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: `room:${id}`,
    disabled: !sortable,
  });
  const drop = useDroppable({ id: `room:${id}`, disabled: sortable });
  return (
    <Box
      ref={(node: HTMLElement | null) => {
        setNodeRef(node);
        if (!sortable) drop.setNodeRef(node);
      }}
      component="section"
      aria-label={name}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      sx={{
        flex: '0 0 280px',
        bgcolor: 'action.hover',
        borderRadius: 2,
        p: 1,
        opacity: isDragging ? 0.6 : 1,
        outline: drop.isOver ? 2 : 0,
        outlineColor: 'primary.main',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        {sortable && (
          <IconButton
            ref={setActivatorNodeRef}
            size="small"
            aria-label={t('catalogue:board.moveColumn', { name })}
            sx={{ cursor: 'grab' }}
            {...attributes}
            {...listeners}
          >
            <DragIndicator />
          </IconButton>
        )}
        <Typography component="h2" sx={{ fontWeight: 600, flex: 1, px: 0.5 }}>
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

function BoardCard({ item, estateId, manage, covers }: CardProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({
    id: `item:${item.id}`,
    disabled: !manage,
  });
  return (
    <Card
      ref={setNodeRef}
      variant="outlined"
      style={{ transform: CSS.Translate.toString(transform) }}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1, opacity: isDragging ? 0.7 : 1, zIndex: isDragging ? 10 : 'auto', position: 'relative' }}
    >
      {manage && (
        <IconButton
          ref={setActivatorNodeRef}
          size="small"
          aria-label={t('catalogue:board.moveItem', { name: item.name })}
          sx={{ cursor: 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
        >
          <DragIndicator />
        </IconButton>
      )}
      {covers && item.thumbUrl && (
        <Box component="img" src={item.thumbUrl} alt="" sx={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 1 }} />
      )}
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Link component={RouterLink} to={`/p/${estateId}/i/${item.id}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {item.name}
        </Link>
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
