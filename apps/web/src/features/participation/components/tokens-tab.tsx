import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import Remove from '@mui/icons-material/Remove';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { isApiError } from '../../../shared/api/api-error';
import { RefusalNote } from '../../../shared/ui/refusable-button';
import { useSaveTokens, useTokens } from '../api';

export const MAX_PER_ITEM = 2;

/** Stage 30: 0, 1 or 2 priority tokens on each contested item I hearted, within my budget. */
export function TokensTab({ estateId, editable, lockedReason }: { estateId: string; editable: boolean; /** Why not now, when it is not the stage's closing (the agreements first). */ lockedReason?: string | undefined }) {
  const { t } = useTranslation();
  const allPlacedId = useId();
  const lockedId = useId();
  const tokens = useTokens(estateId);
  const save = useSaveTokens(estateId);
  const [error, setError] = useState<string | null>(null);
  const data = tokens.data;
  if (!data) return null;

  const change = (itemId: string, count: number) => {
    setError(null);
    const allocations = data.contested.map((c) => ({ itemId: c.itemId, count: c.itemId === itemId ? count : c.count }));
    const total = allocations.reduce((sum, a) => sum + a.count, 0);
    save.mutate(allocations, {
      onError: (e) =>
        setError(
          isApiError(e) && (e.status === 400 || e.status === 409) && total > data.budget
            ? t('process:tokens.overBudget', { total, budget: data.budget })
            : errorMessage(e, t),
        ),
    });
  };
  const left = data.budget - data.used;
  // Every token placed: "+" is offered disabled, with why and what to do, before anyone taps it.
  const allPlaced = editable && left <= 0 && data.contested.length > 0;

  return (
    <Box>
      <Typography sx={{ mb: 1 }}>{t('process:tokens.explain')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t(`process:tokens.rule.${data.budgetRule}`)}
      </Typography>
      <Paper variant="outlined" sx={{ p: 1.5, mb: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'baseline' }}>
        <Typography sx={{ fontWeight: 700, fontSize: '1.2rem' }} data-testid="tokens-total" aria-live="polite">
          {t('process:tokens.header', { used: data.used, budget: data.budget })}
        </Typography>
        <Typography color="text.secondary">{t('process:tokens.left', { count: Math.max(0, left) })}</Typography>
      </Paper>
      {!editable && (
        <Alert id={lockedId} severity="info" sx={{ mb: 2 }}>
          {lockedReason ?? t('process:tokens.closed')}
        </Alert>
      )}
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {data.contested.length === 0 && <Typography color="text.secondary">{t('process:tokens.none')}</Typography>}
      {allPlaced && (
        <Box sx={{ display: 'flex', mb: 2 }} data-testid="tokens-all-placed">
          <RefusalNote id={allPlacedId}>{t('process:tokens.allPlaced')}</RefusalNote>
        </Box>
      )}
      <Box component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }}>
        {data.contested.map((c) => {
          const atMost = editable && c.count >= MAX_PER_ITEM;
          const reasonId = !editable ? lockedId : atMost ? `${allPlacedId}-${c.itemId}` : allPlaced ? allPlacedId : undefined;
          return (
            <Paper component="li" variant="outlined" key={c.itemId} data-testid="token-item" sx={{ p: 1, mb: 1 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{c.name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    <bdi>{c.label}</bdi> · {t('process:tokens.interested', { count: c.interestCount })}
                  </Typography>
                </Box>
                <IconButton
                  aria-label={t('process:tokens.less', { name: c.name })}
                  aria-describedby={editable ? undefined : lockedId}
                  disabled={!editable || c.count <= 0 || save.isPending}
                  onClick={() => change(c.itemId, c.count - 1)}
                  sx={{ width: 48, height: 48 }}
                >
                  <Remove />
                </IconButton>
                <Typography
                  sx={{ minWidth: 32, textAlign: 'center', fontWeight: 700, fontSize: '1.2rem' }}
                  aria-label={t('process:tokens.onItem', { name: c.name, count: c.count })}
                  data-testid="token-value"
                >
                  {c.count}
                </Typography>
                <IconButton
                  aria-label={t('process:tokens.more', { name: c.name })}
                  aria-describedby={reasonId}
                  disabled={!editable || atMost || allPlaced || save.isPending}
                  onClick={() => change(c.itemId, c.count + 1)}
                  sx={{ width: 48, height: 48 }}
                >
                  <Add />
                </IconButton>
              </Box>
              {atMost && (
                <Typography id={reasonId} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {t('process:tokens.atMost')}
                </Typography>
              )}
            </Paper>
          );
        })}
      </Box>
    </Box>
  );
}
