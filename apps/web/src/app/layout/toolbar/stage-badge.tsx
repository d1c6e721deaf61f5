import { Suspense, useId, useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Flag from '@mui/icons-material/FlagOutlined';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { currentMembership } from '../../../shared/session/current-estate';
import { useSession } from '../../../shared/session/session-context';
import { lazyNamed } from '../../../shared/ui/lazy-named';
import { useEstateStage } from '../../../shared/api/estate-stage';
import { useFirstContentShown } from '../../../shared/api/first-content';

// The popover loads on first use: its code is not part of every page's first load (ADR 0030).
const StagePopover = lazyNamed(() => import('./stage-popover'), 'StagePopover');

/**
 * The current estate's stage; its popover explains what happens in this stage. `compact` is the
 * toolbar's pill (from tablets up); `strip` is the full-width line under the header on phones,
 * where the stage's whole name is shown, wrapping, never cut.
 */
export function StageBadge({ compact, strip }: { compact?: boolean; strip?: boolean }) {
  const { t } = useTranslation();
  const { me } = useSession();
  const estate = currentMembership(me);
  // The deadline after the page's first content; meanwhile the stage comes from the session.
  const stageInfo = useEstateStage(estate?.estateId ?? null, useFirstContentShown());
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  if (!estate) return null;
  const stage = stageInfo.data?.stage ?? estate.stage;
  const name = t(`stage.${stage}.name`, { ns: 'stages' });
  const deadline = stageInfo.data?.deadline;

  return (
    <>
      <ButtonBase
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="dialog"
        aria-controls={anchor ? popoverId : undefined}
        aria-expanded={anchor ? true : undefined}
        aria-label={t('stage.badgeLabel', { name })}
        data-testid={strip ? 'stage-strip' : undefined}
        sx={
          strip
            ? {
                display: { xs: 'flex', sm: 'none' },
                width: '100%',
                justifyContent: 'flex-start',
                textAlign: 'start',
                gap: 1,
                px: 2,
                py: 1,
                minHeight: 48,
                borderTop: 1,
                borderColor: 'divider',
                fontSize: '0.9375rem',
                fontWeight: 600,
                color: 'primary.main',
              }
            : {
                display: compact ? { xs: 'none', sm: 'inline-flex' } : 'inline-flex',
                borderRadius: 4,
                px: 1.25,
                py: 0.5,
                gap: 0.75,
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                minWidth: 0,
                minHeight: 32,
                // Looks 32 px high; takes a 48 px touch (tablets show this badge, not the strip).
                position: 'relative',
                '&::before': { content: '""', position: 'absolute', insetInline: 0, top: -8, bottom: -8 },
                maxWidth: compact ? { xs: 150, md: 340 } : 300,
                fontSize: '0.875rem',
                fontWeight: 600,
              }
        }
      >
        <Flag sx={{ fontSize: 18, flexShrink: 0 }} aria-hidden="true" />
        <Box
          component="span"
          sx={
            strip
              ? { overflowWrap: 'anywhere' }
              : { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }
          }
        >
          {name}
        </Box>
      </ButtonBase>
      {anchor && (
        <Suspense fallback={null}>
          <StagePopover
            id={popoverId}
            anchor={anchor}
            onClose={() => setAnchor(null)}
            estateName={estate.estateName}
            stage={stage}
            name={name}
            deadline={deadline}
          />
        </Suspense>
      )}
    </>
  );
}
