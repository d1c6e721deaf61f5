import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowUp from '@mui/icons-material/ArrowUpward';
import ArrowDown from '@mui/icons-material/ArrowDownward';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Close from '@mui/icons-material/Close';
import { DndContext, closestCenter, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { dragAccessibility, dragHandleSx, useDragSensors } from '../../../shared/hooks/use-drag-sensors';
import { errorMessage } from '../../../shared/api/error-message';
import type { MyItemsAnswer } from '@estate/domain/schemas/participation';
import { useRanking, useSaveRanking } from '../api';

export const MAX_RANKED = 10;

type Entry = { itemId: string; label: string; name: string };

function RankRow({
  entry,
  index,
  count,
  editable,
  busy,
  onMove,
  onRemove,
}: {
  entry: Entry;
  index: number;
  count: number;
  editable: boolean;
  /** A change is being saved: wait, so that changes reach the server in order. */
  busy: boolean;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: entry.itemId,
    disabled: !editable,
  });
  return (
    <Paper
      ref={setNodeRef}
      component="li"
      variant="outlined"
      data-testid="ranked-item"
      style={{ transform: CSS.Transform.toString(transform), transition }}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1, mb: 1, opacity: isDragging ? 0.6 : 1, listStyle: 'none' }}
    >
      {editable && (
        <IconButton
          size="small"
          {...attributes}
          {...listeners}
          aria-label={t('process:ranking.drag', { name: entry.name })}
          sx={dragHandleSx}
        >
          <DragIndicator />
        </IconButton>
      )}
      <Typography sx={{ fontWeight: 700, minWidth: 28 }} aria-hidden="true">
        {index + 1}.
      </Typography>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {entry.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('process:ranking.rank', { rank: index + 1 })} · <bdi>{entry.label}</bdi>
        </Typography>
      </Box>
      {editable && (
        <>
          <IconButton
            aria-label={t('process:ranking.up', { name: entry.name })}
            disabled={busy || index === 0}
            onClick={() => onMove(index, index - 1)}
          >
            <ArrowUp />
          </IconButton>
          <IconButton
            aria-label={t('process:ranking.down', { name: entry.name })}
            disabled={busy || index === count - 1}
            onClick={() => onMove(index, index + 1)}
          >
            <ArrowDown />
          </IconButton>
          <IconButton aria-label={t('process:ranking.remove', { name: entry.name })} onClick={onRemove} disabled={busy}>
            <Close />
          </IconButton>
        </>
      )}
    </Paper>
  );
}

/** Stage 20: order up to 10 of my hearted high-interest items; saved after every change. */
export function RankingTab({ estateId, myItems, editable }: { estateId: string; myItems: MyItemsAnswer; editable: boolean }) {
  const { t } = useTranslation();
  const ranking = useRanking(estateId);
  const save = useSaveRanking(estateId);
  // The order on screen: my latest change until the server has answered, else the server's.
  const [pending, setPending] = useState<Entry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sensors = useDragSensors();

  // The server lists every high-interest item I hearted: ranks 1..10 as I ordered them, the rest 11.
  const order =
    pending ??
    ranking.data?.items.filter((i) => i.rank <= MAX_RANKED).map(({ itemId, label, name }) => ({ itemId, label, name }));
  if (!order) return null;
  const ranked = new Set(order.map((e) => e.itemId));
  const rankable = ranking.data?.items ?? myItems.hearted.filter((h) => h.highInterest);
  const candidates = rankable.filter((h) => !ranked.has(h.itemId));

  const commit = (next: Entry[]) => {
    setPending(next);
    setError(null);
    save.mutate(
      next.map((e) => e.itemId),
      { onSettled: () => setPending(null), onError: (e) => setError(errorMessage(e, t)) },
    );
  };
  const onMove = (from: number, to: number) => commit(arrayMove(order, from, to));
  const onDragEnd = (event: DragEndEvent) => {
    const { active, over } = event;
    if (!over || active.id === over.id || save.isPending) return;
    const from = order.findIndex((e) => e.itemId === active.id);
    const to = order.findIndex((e) => e.itemId === over.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  };

  return (
    <Box>
      <Typography sx={{ mb: 2 }}>{t('process:ranking.explain')}</Typography>
      {!editable && <Alert severity="info" sx={{ mb: 2 }}>{t('process:ranking.closed')}</Alert>}
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Typography aria-live="polite" sx={{ mb: 1, fontWeight: 600 }}>
        {save.isPending ? t('process:common.saving') : t('process:ranking.count', { count: order.length, max: MAX_RANKED })}
      </Typography>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={dragAccessibility(t, (id) => order.find((e) => e.itemId === id)?.name ?? '')}
      >
        <SortableContext items={order.map((e) => e.itemId)} strategy={verticalListSortingStrategy}>
          <Box component="ol" sx={{ p: 0, m: 0 }} aria-label={t('process:ranking.listLabel')}>
            {order.map((entry, index) => (
              <RankRow
                key={entry.itemId}
                entry={entry}
                index={index}
                count={order.length}
                editable={editable}
                busy={save.isPending}
                onMove={onMove}
                onRemove={() => commit(order.filter((e) => e.itemId !== entry.itemId))}
              />
            ))}
          </Box>
        </SortableContext>
      </DndContext>
      {order.length === 0 && <Typography color="text.secondary">{t('process:ranking.empty')}</Typography>}
      {candidates.length > 0 && (
        <Box sx={{ mt: 3 }}>
          <Typography component="h3" sx={{ fontWeight: 700, mb: 1 }}>
            {t('process:ranking.unranked')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('process:ranking.unrankedHelp')}
          </Typography>
          {candidates.map((c) => (
            <Box key={c.itemId} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }}>
              <Typography sx={{ flex: 1 }}>
                {c.name} <Typography component="span" color="text.secondary">· {c.label}</Typography>
              </Typography>
              {editable && (
                <Button
                  size="small"
                  variant="outlined"
                  disabled={save.isPending || order.length >= MAX_RANKED}
                  onClick={() => commit([...order, { itemId: c.itemId, label: c.label, name: c.name }])}
                  aria-label={t('process:ranking.addNamed', { name: c.name })}
                >
                  {t('process:ranking.add')}
                </Button>
              )}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
