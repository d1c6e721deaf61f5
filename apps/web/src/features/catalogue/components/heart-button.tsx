import IconButton from '@mui/material/IconButton';
import Box from '@mui/material/Box';
import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { notify } from '../../../shared/ui/notify';
import { visuallyHidden } from '../../../shared/ui/visually-hidden';
import { heartRefusalKey } from '@estate/domain/item-status';
import { useToggleInterest } from '../api';

type Props = {
  estateId: string;
  item: { id: string; name: string; interested: boolean; interestCount: number; distribution?: string; status?: string };
  /** May this person heart now (stage 11, beneficiary or offspring)? Otherwise only the count shows. */
  enabled: boolean;
  size?: 'small' | 'medium' | 'large';
};

/**
 * The heart (stage 11): instant, rolled back with a message if the server says no. Shows only how
 * many people are interested, never who.
 */
export function HeartButton({ estateId, item, enabled, size = 'medium' }: Props) {
  const { t } = useTranslation();
  const toggle = useToggleInterest(estateId);
  const words = t('catalogue:interest.count', { count: item.interestCount });
  // On a card, a number beside the heart; on the item's own page there is room to say it in words.
  const spelled = size === 'large';
  const count = (
    <Box
      component="span"
      data-testid="interest-count"
      data-count={item.interestCount}
      sx={{ fontVariantNumeric: 'tabular-nums', minWidth: '1ch' }}
    >
      {spelled ? words : item.interestCount}
    </Box>
  );
  // An item out of the pool takes no heart: only its count shows (its page says why).
  if (!enabled || heartRefusalKey(item) !== null) {
    // A card stays quiet when nobody is interested; the item's own page says so in words.
    if (item.interestCount === 0 && !spelled) return null;
    return (
      <Box
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}
        title={words}
      >
        <Favorite fontSize="small" aria-hidden="true" />
        {spelled ? (
          count
        ) : (
          <>
            <Box component="span" aria-hidden="true">
              {count}
            </Box>
            <Box component="span" sx={visuallyHidden}>
              {words}
            </Box>
          </>
        )}
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: spelled ? 0.5 : 0.25 }}>
      <IconButton
        size={size}
        color={item.interested ? 'error' : 'default'}
        aria-pressed={item.interested}
        aria-label={t('catalogue:interest.toggle', { name: item.name })}
        // On a card or a table row the heart looks small but takes a 48 px touch; the negative
        // margin keeps the card's layout as it was.
        sx={size === 'small' ? { width: 48, height: 48, m: '-10px' } : undefined}
        onClick={(event) => {
          event.preventDefault();
          event.stopPropagation();
          toggle.mutate(
            { itemId: item.id, interested: item.interested, interestCount: item.interestCount },
            {
              onError: (error) =>
                notify(t('catalogue:interest.failed', { reason: errorMessage(error, t) }), 'error'),
            },
          );
        }}
      >
        {item.interested ? <Favorite /> : <FavoriteBorder />}
      </IconButton>
      {spelled ? (
        // Read out when it changes, e.g. when someone else hearts the item.
        <Box component="span" aria-live="polite" sx={{ color: 'text.secondary' }}>
          {count}
        </Box>
      ) : (
        <>
          <Box component="span" aria-hidden="true">
            {count}
          </Box>
          <Box component="span" sx={visuallyHidden} aria-live="polite">
            {words}
          </Box>
        </>
      )}
    </Box>
  );
}
