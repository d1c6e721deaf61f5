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

export function StatusChip({ status }: { status: ItemStatus }) {
  const { t } = useTranslation();
  if (status === 'unassigned') return null;
  return <Chip size="small" color={COLORS[status]} variant="outlined" label={t(`catalogue:status.${status}`)} />;
}
