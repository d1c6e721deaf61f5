import IconButton from '@mui/material/IconButton';
import Box from '@mui/material/Box';
import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { notify } from '../../../shared/ui/notify';
import { visuallyHidden } from '../../../shared/ui/visually-hidden';
import { useToggleInterest } from '../api';

type Props = {
  estateId: string;
  item: { id: string; name: string; interested: boolean; interestCount: number };
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
  const count = (
    <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', minWidth: '1ch' }}>
      {item.interestCount}
    </Box>
  );
  if (!enabled) {
    if (item.interestCount === 0) return null;
    return (
      <Box
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}
        title={t('catalogue:interest.count', { count: item.interestCount })}
      >
        <Favorite fontSize="small" aria-hidden="true" />
        {count}
        <Box component="span" sx={visuallyHidden}>
          {t('catalogue:interest.count', { count: item.interestCount })}
        </Box>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}>
      <IconButton
        size={size}
        color={item.interested ? 'error' : 'default'}
        aria-pressed={item.interested}
        aria-label={t('catalogue:interest.toggle', { name: item.name })}
        onClick={(event) => {
          event.preventDefault();
          event.stopPropagation();
          toggle.mutate(
            { itemId: item.id, interested: item.interested, interestCount: item.interestCount },
            { onError: (error) => notify(t('catalogue:interest.failed', { reason: errorMessage(error, t) }), 'error') },
          );
        }}
      >
        {item.interested ? <Favorite /> : <FavoriteBorder />}
      </IconButton>
      <Box component="span" aria-hidden="true">
        {count}
      </Box>
      <Box component="span" sx={visuallyHidden} aria-live="polite">
        {t('catalogue:interest.count', { count: item.interestCount })}
      </Box>
    </Box>
  );
}

