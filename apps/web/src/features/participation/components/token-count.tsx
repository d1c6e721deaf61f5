import Box from '@mui/material/Box';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { currentMembership } from '../../../shared/session/current-estate';
import { useSession } from '../../../shared/session/session-context';
import { useEstateStage } from '../../../shared/api/estate-stage';
import { useFirstContentShown } from '../../../shared/api/first-content';
import { actorOf, policyFor } from '../../../shared/session/actor';
import { useTokens } from '../api';

/**
 * At stage 30 the header shows a beneficiary "Tokens: N of M": in the toolbar's row on wider
 * screens, and as a row of its own under it on phones (`strip`), where the toolbar has no room.
 */
export function TokenCount({ strip = false }: { strip?: boolean }) {
  const { t } = useTranslation();
  const { me } = useSession();
  const estate = currentMembership(me);
  const stageInfo = useEstateStage(estate?.estateId ?? null, useFirstContentShown());
  const stage = stageInfo.data?.stage ?? estate?.stage ?? 0;
  // Shown to whoever places tokens now (a beneficiary, in stage 30).
  const show = policyFor(actorOf(me, estate && { ...estate, stage })).can('tokens.set');
  const tokens = useTokens(estate?.estateId ?? null, show);
  if (!show || !tokens.data) return null;
  const text = t('process:tokens.header', { used: tokens.data.used, budget: tokens.data.budget });
  if (strip) {
    return (
      <Box
        role="status"
        data-testid="token-count"
        sx={{
          display: { xs: 'flex', sm: 'none' },
          justifyContent: 'center',
          py: 0.5,
          borderTop: 1,
          borderColor: 'divider',
          fontWeight: 700,
          color: tokens.data.used > tokens.data.budget ? 'error.main' : 'text.primary',
        }}
      >
        {text}
      </Box>
    );
  }
  return (
    <Box
      component="span"
      data-testid="token-count-inline"
      sx={{
        display: { xs: 'none', sm: 'inline-flex' },
        px: 1,
        py: 0.25,
        borderRadius: 2,
        border: 1,
        borderColor: tokens.data.used > tokens.data.budget ? 'error.main' : 'divider',
        fontWeight: 600,
        fontSize: '0.875rem',
        whiteSpace: 'nowrap',
      }}
    >
      {text}
    </Box>
  );
}
