import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import Check from '@mui/icons-material/Check';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import NavigateBefore from '@mui/icons-material/NavigateBefore';
import NavigateNext from '@mui/icons-material/NavigateNext';
import type { MyApproval } from '@estate/domain/schemas/approvals';
import type { Item } from '@estate/domain/schemas/items';
import { heartRefusalKey } from '@estate/domain/item-status';
import { errorMessage } from '../../../shared/api/error-message';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { notify } from '../../../shared/ui/notify';
import { RefusableButton } from '../../../shared/ui/refusable-button';
import { useSetApproval, useToggleInterest } from '../api';
import { neighboursOf } from '../item-flow';

type Props = {
  estateId: string;
  item: Item;
  mine?: MyApproval;
  /** May review (stage 2) / heart (stage 11) now, as the policy says. */
  reviewing: boolean;
  hearting: boolean;
  /** After the hearts' stage: why the person's heart can no longer change (their choice stays in view). */
  heartsOver?: string | null;
  onFlag: () => void;
  /** Kept at the bottom of the screen (true), or left at the end of the page, e.g. under a long form. */
  docked?: boolean;
};

const SWIPE_PX = 60;

/**
 * The bar at the bottom of an item's page: "Correct — next", "Something's wrong" and "I'd like this"
 * within thumb's reach, and previous / next (buttons or a swipe) through the list last shown.
 */
export function ItemFlowBar({ estateId, item, mine, reviewing, hearting, heartsOver = null, onFlag, docked = true }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  const setApproval = useSetApproval(estateId);
  const toggle = useToggleInterest(estateId);
  const flow = neighboursOf(estateId, item.id);
  const go = (id: string | null) => {
    if (id) void navigate(`/p/${estateId}/i/${id}${search}`);
  };

  // A sideways swipe turns the page, as in a photo album (mirrored right to left).
  useEffect(() => {
    let start: { x: number; y: number } | null = null;
    const down = (e: TouchEvent) => {
      const target = e.target as HTMLElement | null;
      start = target?.closest('input, textarea, [role="dialog"], [data-no-swipe]') ? null : { x: e.touches[0]!.clientX, y: e.touches[0]!.clientY };
    };
    const up = (e: TouchEvent) => {
      if (!start) return;
      const dx = e.changedTouches[0]!.clientX - start.x;
      const dy = e.changedTouches[0]!.clientY - start.y;
      start = null;
      if (Math.abs(dx) < SWIPE_PX || Math.abs(dy) > Math.abs(dx) / 2) return;
      const forward = rtl ? dx > 0 : dx < 0;
      const to = forward ? flow.next : flow.previous;
      if (to) void navigate(`/p/${estateId}/i/${to}${search}`);
    };
    document.addEventListener('touchstart', down, { passive: true });
    document.addEventListener('touchend', up, { passive: true });
    return () => {
      document.removeEventListener('touchstart', down);
      document.removeEventListener('touchend', up);
    };
  }, [rtl, flow.next, flow.previous, navigate, estateId, search]);

  const givenByWill = item.assignment?.reason === 'directive';
  // An item out of the pool (Return, on hold, given by the will) takes no heart: say why instead.
  const refusedKey = heartRefusalKey(item);
  const heartRefusal = givenByWill ? t('catalogue:flow.givenByWill') : refusedKey ? t(`refusals:${refusedKey}`) : null;
  // A flag stays a flag: the next tap moves on without turning it into an approval.
  const flagged = mine?.status === 'flagged';
  const showHeartsOver = !hearting && heartsOver !== null && !givenByWill;
  if (!reviewing && !hearting && !showHeartsOver && flow.count === 0) return null;

  const approveAndGo = () =>
    setApproval.mutate(
      { itemId: item.id, status: 'approved' },
      {
        onSuccess: () => {
          if (flow.next) go(flow.next);
          else {
            notify(t('catalogue:flow.lastOne'), 'success');
            void navigate(flow.listPath);
          }
        },
        onError: (e) => notify(errorMessage(e, t), 'error'),
      },
    );
  const heart = () =>
    toggle.mutate(
      { itemId: item.id, interested: item.interested, interestCount: item.interestCount },
      { onError: (e) => notify(t('catalogue:interest.failed', { reason: errorMessage(e, t) }), 'error') },
    );
  const Before = rtl ? NavigateNext : NavigateBefore;
  const After = rtl ? NavigateBefore : NavigateNext;

  return (
    <Paper
      component="nav"
      aria-label={t('catalogue:flow.label')}
      square
      elevation={6}
      sx={{
        position: docked ? 'sticky' : 'static',
        bottom: 0,
        zIndex: (th) => th.zIndex.appBar - 1,
        mt: 3,
        mx: { xs: -2, sm: 0 },
        px: { xs: 1, sm: 2 },
        py: 1,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      {flow.count > 0 && (
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <IconButton aria-label={t('catalogue:flow.previous')} disabled={!flow.previous} onClick={() => go(flow.previous)} sx={{ width: 48, height: 48 }}>
            <Before />
          </IconButton>
          <Typography sx={{ minWidth: '4.5em', textAlign: 'center', fontVariantNumeric: 'tabular-nums' }}>
            {t('catalogue:flow.position', { position: flow.position, count: flow.count })}
          </Typography>
          <IconButton aria-label={t('catalogue:flow.next')} disabled={!flow.next} onClick={() => go(flow.next)} sx={{ width: 48, height: 48 }}>
            <After />
          </IconButton>
        </Box>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, flexGrow: 1, justifyContent: 'flex-end' }}>
        {reviewing && (
          <>
            {flagged ? (
              <Button variant="contained" endIcon={<After />} onClick={() => (flow.next ? go(flow.next) : void navigate(flow.listPath))} sx={{ minHeight: 48, flexGrow: { xs: 1, sm: 0 } }}>
                {flow.next ? t('catalogue:flow.flaggedNext') : t('catalogue:flow.flaggedDone')}
              </Button>
            ) : (
              <Button variant="contained" color="success" startIcon={<Check />} onClick={approveAndGo} disabled={setApproval.isPending} sx={{ minHeight: 48, flexGrow: { xs: 1, sm: 0 } }}>
                {flow.next ? t('catalogue:flow.correctNext') : t('catalogue:flow.correct')}
              </Button>
            )}
            <Button variant={mine?.status === 'flagged' ? 'contained' : 'outlined'} color="warning" startIcon={<FlagOutlined />} onClick={onFlag} sx={{ minHeight: 48, flexGrow: { xs: 1, sm: 0 } }}>
              {t('catalogue:flow.wrong')}
            </Button>
          </>
        )}
        {hearting &&
          (heartRefusal ? (
            <RefusableButton
              variant="outlined"
              color="secondary"
              startIcon={<FavoriteBorder />}
              refusal={heartRefusal}
              data-testid="heart-refused"
              sx={{ minHeight: 48, flexGrow: { xs: 1, sm: 0 } }}
            >
              {t('catalogue:flow.heart')}
            </RefusableButton>
          ) : (
            <Button
              variant={item.interested ? 'contained' : 'outlined'}
              color="secondary"
              aria-pressed={item.interested}
              startIcon={item.interested ? <Favorite /> : <FavoriteBorder />}
              onClick={heart}
              disabled={toggle.isPending}
              sx={{ minHeight: 48, flexGrow: { xs: 1, sm: 0 } }}
            >
              {item.interested ? t('catalogue:flow.hearted') : t('catalogue:flow.heart')}
            </Button>
          ))}
        {showHeartsOver && (
          <RefusableButton
            variant={item.interested ? 'contained' : 'outlined'}
            color="secondary"
            startIcon={item.interested ? <Favorite /> : <FavoriteBorder />}
            refusal={heartsOver}
            sx={{ minHeight: 48, flexGrow: { xs: 1, sm: 0 } }}
          >
            {item.interested ? t('catalogue:flow.hearted') : t('catalogue:flow.heart')}
          </RefusableButton>
        )}
      </Box>
    </Paper>
  );
}
