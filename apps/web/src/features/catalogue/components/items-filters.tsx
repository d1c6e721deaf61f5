import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { ITEM_STATUSES, type ItemStatus } from '@estate/domain/item-status';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { Location, Room } from '@estate/domain/schemas/locations';
import { SORTS, type ItemFilters, type Sort } from '../api';

type Props = {
  filters: ItemFilters;
  locations: Location[];
  rooms: Room[];
  categories: string[];
  /** Location and room come from the path (`/p/:pid/l/:lid/r/:rid/i`) and cannot change here. */
  placeFixed: boolean;
  onChange: (change: Partial<ItemFilters>) => void;
  onClear: () => void;
};

/** Filters and sort for the item list. */
export function ItemsFilters({ filters, locations, rooms, categories, placeFixed, onChange, onClear }: Props) {
  const { t } = useTranslation();
  const any = (value: string) => (value === '' ? undefined : value);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
        alignItems: 'center',
      }}
    >
      {!placeFixed && (
        <TextField
          select
          size="small"
          label={t('catalogue:fields.location')}
          value={filters.locationId ?? ''}
          onChange={(e) => onChange({ locationId: any(e.target.value), roomId: undefined })}
        >
          <MenuItem value="">{t('catalogue:filters.all')}</MenuItem>
          {locations.map((l) => (
            <MenuItem key={l.id} value={l.id}>
              {l.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {!placeFixed && (
        <TextField
          select
          size="small"
          label={t('catalogue:fields.room')}
          value={filters.roomId ?? ''}
          disabled={!filters.locationId}
          onChange={(e) => onChange({ roomId: any(e.target.value) })}
        >
          <MenuItem value="">{t('catalogue:filters.all')}</MenuItem>
          {rooms.map((r) => (
            <MenuItem key={r.id} value={r.id}>
              {r.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        select
        size="small"
        label={t('catalogue:fields.category')}
        value={filters.category ?? ''}
        onChange={(e) => onChange({ category: any(e.target.value) })}
      >
        <MenuItem value="">{t('catalogue:filters.all')}</MenuItem>
        {categories.map((c) => (
          <MenuItem key={c} value={c}>
            {c}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('catalogue:fields.status')}
        value={filters.status ?? ''}
        onChange={(e) => onChange({ status: any(e.target.value) as ItemStatus | undefined })}
      >
        <MenuItem value="">{t('catalogue:filters.all')}</MenuItem>
        {ITEM_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`catalogue:status.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('catalogue:filters.sort')}
        value={filters.sort ?? 'number'}
        onChange={(e) => onChange({ sort: e.target.value as Sort })}
      >
        {SORTS.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`catalogue:sort.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Switch checked={Boolean(filters.highInterest)} onChange={(e) => onChange({ highInterest: e.target.checked || undefined })} />
        }
        label={t('catalogue:filters.highInterest')}
      />
      <FormControlLabel
        control={<Switch checked={Boolean(filters.noPhoto)} onChange={(e) => onChange({ noPhoto: e.target.checked || undefined })} />}
        label={t('catalogue:filters.noPhoto')}
      />
      <Box>
        <Button onClick={onClear}>{t('catalogue:filters.clear')}</Button>
      </Box>
    </Box>
  );
}
