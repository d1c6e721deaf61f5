import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { notify } from '../../../shared/ui/notify';
import { queryKeys } from '../../../shared/api/query-keys';
import type { MyApproval } from '@estate/domain/schemas/approvals';
import type { Item } from '@estate/domain/schemas/items';
import { useSetApproval, type Suggestion } from '../api';
import { LabelsField } from './item-fields';

type Props = {
  estateId: string;
  item: Item;
  mine?: MyApproval;
  categories: string[];
  /** Raised by the bar at the bottom ("Something's wrong"): opens the correction form and shows it. */
  flagSignal?: number;
  /** Told when the correction form opens and closes. */
  onFormOpen?: (open: boolean) => void;
};

type SuggestionDraft = {
  name: string;
  categories: string[];
  brand: string;
  model: string;
  giver: string;
  owners: string;
  year: string;
  distribution: 'divide' | 'return';
  notes: string;
};

function draftFrom(item: Item): SuggestionDraft {
  return {
    name: item.name,
    categories: item.categories,
    brand: item.brand,
    model: item.model,
    giver: item.giver,
    owners: item.owners,
    year: item.year === null ? '' : String(item.year),
    distribution: item.distribution,
    notes: item.notes,
  };
}

/** Only what the beneficiary changed goes into the suggestion. */
export function suggestionFrom(item: Item, draft: SuggestionDraft): Suggestion {
  const out: Suggestion = {};
  const original = draftFrom(item);
  for (const key of Object.keys(draft) as (keyof SuggestionDraft)[]) {
    if (JSON.stringify(draft[key]) === JSON.stringify(original[key])) continue;
    if (key === 'year') out.year = draft.year.trim() === '' ? null : Number(draft.year);
    else (out as Record<string, unknown>)[key] = key === 'name' ? draft.name.trim() : draft[key];
  }
  return out;
}

/**
 * Stage 2: the question and the beneficiary's answer so far; the answers themselves are the buttons of
 * the bar at the bottom ("Correct — next", "Something's wrong"), which opens the correction form here.
 */
export function ReviewPanel({ estateId, item, mine, categories, flagSignal = 0, onFormOpen }: Props) {
  const { t } = useTranslation();
  const setApproval = useSetApproval(estateId);
  const [flagging, setFlagging] = useState(false);
  const [comment, setComment] = useState(mine?.comment ?? '');
  const [draft, setDraft] = useState<SuggestionDraft>(() => draftFrom(item));
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const card = useRef<HTMLDivElement>(null);
  // "Something's wrong" in the bottom bar: open the form (state follows the signal) and show it.
  const [seenSignal, setSeenSignal] = useState(flagSignal);
  if (seenSignal !== flagSignal) {
    setSeenSignal(flagSignal);
    setFlagging(true);
  }
  useEffect(() => {
    onFormOpen?.(flagging);
  }, [flagging, onFormOpen]);
  useEffect(() => {
    if (flagSignal > 0) card.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [flagSignal]);
  // A flag with a suggestion makes the item Pending: read it again so its status shows that.
  const refreshItem = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.item(estateId, item.id) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.itemLists(estateId) });
  };

  const flag = () => {
    const suggestion = suggestionFrom(item, draft);
    if (!comment.trim() && Object.keys(suggestion).length === 0) {
      setError(t('catalogue:review.needReason'));
      return;
    }
    setError(null);
    setApproval.mutate(
      { itemId: item.id, status: 'flagged', comment: comment.trim(), suggestion },
      {
        onSuccess: () => {
          notify(t('catalogue:review.flaggedOne'), 'success');
          setFlagging(false);
          refreshItem();
          // The long form closes: bring the answer ("You flagged this item") back into view.
          // (Not every environment can scroll: jsdom has no scrollIntoView.)
          if (typeof card.current?.scrollIntoView === 'function')
            card.current.scrollIntoView({ block: 'start', behavior: 'smooth' });
        },
        onError: (e) => setError(errorMessage(e, t)),
      },
    );
  };
  const field = (key: 'name' | 'brand' | 'model' | 'giver' | 'owners') => (
    <TextField
      label={t(`catalogue:fields.${key}`)}
      value={draft[key]}
      onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
    />
  );

  return (
    <Card ref={card} variant="outlined" sx={{ mb: 2, borderColor: 'info.main', scrollMarginTop: 80 }}>
      <CardContent>
        <Typography component="h2" variant="h6" sx={{ mb: 0.5 }}>
          {t('catalogue:review.title')}
        </Typography>
        {mine ? (
          <Alert severity={mine.status === 'approved' ? 'success' : 'warning'} sx={{ mb: 1.5 }}>
            {mine.status === 'approved'
              ? t('catalogue:review.youApproved')
              : t('catalogue:review.youFlagged')}
            {mine.comment && (
              <>
                {' — '}
                <bdi>{mine.comment}</bdi>
              </>
            )}
            {mine.resolution === 'accepted' && (
              <Box sx={{ mt: 0.5 }}>{t('catalogue:review.resolvedAccepted')}</Box>
            )}
            {mine.resolution === 'rejected' && (
              <Box sx={{ mt: 0.5 }}>{t('catalogue:review.resolvedRejected')}</Box>
            )}
          </Alert>
        ) : (
          <Typography color="text.secondary" sx={{ mb: 1.5 }}>
            {t('catalogue:review.question')}
          </Typography>
        )}
        {flagging && (
          <Box sx={{ display: 'grid', gap: 2, mt: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              label={t('catalogue:review.comment')}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              multiline
              minRows={2}
              sx={{ gridColumn: '1 / -1' }}
              helperText={t('catalogue:review.commentHelp')}
            />
            <Typography sx={{ gridColumn: '1 / -1', fontWeight: 600 }}>
              {t('catalogue:review.suggestTitle')}
            </Typography>
            {field('name')}
            <LabelsField
              label={t('catalogue:fields.categories')}
              value={draft.categories}
              options={categories}
              onChange={(c) => setDraft((d) => ({ ...d, categories: c }))}
            />
            {field('brand')}
            {field('model')}
            {field('giver')}
            {field('owners')}
            <TextField
              label={t('catalogue:fields.year')}
              value={draft.year}
              onChange={(e) =>
                setDraft((d) => ({ ...d, year: e.target.value.replace(/\D/g, '').slice(0, 4) }))
              }
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <TextField
              select
              label={t('catalogue:fields.distribution')}
              value={draft.distribution}
              onChange={(e) =>
                setDraft((d) => ({ ...d, distribution: e.target.value as 'divide' | 'return' }))
              }
            >
              <MenuItem value="divide">{t('catalogue:distribution.divide')}</MenuItem>
              <MenuItem value="return">{t('catalogue:distribution.return')}</MenuItem>
            </TextField>
            <TextField
              label={t('catalogue:fields.notes')}
              value={draft.notes}
              onChange={(e) => setDraft((d) => ({ ...d, notes: e.target.value }))}
              multiline
              minRows={2}
              sx={{ gridColumn: '1 / -1' }}
            />
            {error && (
              <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
                {error}
              </Alert>
            )}
            <Box sx={{ gridColumn: '1 / -1' }}>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <Button variant="contained" color="secondary" onClick={flag} disabled={setApproval.isPending} sx={{ minHeight: 48 }}>
                  {t('catalogue:review.sendFlag')}
                </Button>
                <Button onClick={() => setFlagging(false)} sx={{ minHeight: 48 }}>
                  {t('catalogue:common.cancel')}
                </Button>
              </Box>
            </Box>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
