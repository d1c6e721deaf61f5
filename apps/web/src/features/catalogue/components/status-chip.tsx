import Chip from '@mui/material/Chip';
import type { ItemStatus } from '@estate/domain/item-status';
import { useTranslation } from '../../../shared/i18n/use-translation';

const COLORS: Record<ItemStatus, 'default' | 'info' | 'warning' | 'success' | 'error' | 'secondary'> = {
  unassigned: 'default',
  pending: 'info',
  hold: 'warning',
  assigned: 'success',
  unwanted: 'secondary',
  'handed-over': 'success',
};

/** An item's status; a Return item, which is never divided, says where it goes instead of "Assigned". */
export function StatusChip({ status, distribution }: { status: ItemStatus; distribution?: 'divide' | 'return' }) {
  const { t } = useTranslation();
  if (distribution === 'return' && status !== 'handed-over') return <Chip size="small" color="default" variant="outlined" label={t('catalogue:status.returns')} />;
  if (status === 'unassigned') return null;
  return <Chip size="small" color={COLORS[status]} variant="outlined" label={t(`catalogue:status.${status}`)} />;
}
