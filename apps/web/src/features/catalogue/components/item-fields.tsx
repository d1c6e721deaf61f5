import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { Location, Room } from '@estate/domain/schemas/locations';
import type { ItemInput } from '../api';

export type ItemDraft = Omit<ItemInput, 'year' | 'value'> & { year: string; value: string };

export const EMPTY_DRAFT: ItemDraft = {
  name: '',
  notes: '',
  locationId: null,
  roomId: null,
  categories: [],
  tags: [],
  giver: '',
  owners: '',
  brand: '',
  model: '',
  year: '',
  value: '',
  currency: 'USD',
  distribution: 'divide',
};

export function draftToInput(draft: ItemDraft): ItemInput {
  const year = draft.year.trim() === '' ? null : Number(draft.year);
  const value = draft.value.trim() === '' ? null : Number(draft.value.replace(',', '.'));
  return { ...draft, name: draft.name.trim(), year, value };
}

export function itemToDraft(item: ItemInput | (Omit<ItemInput, 'value'> & { value: string | null })): ItemDraft {
  return {
    name: item.name,
    notes: item.notes,
    locationId: item.locationId,
    roomId: item.roomId,
    categories: item.categories,
    tags: item.tags,
    giver: item.giver,
    owners: item.owners,
    brand: item.brand,
    model: item.model,
    year: item.year === null ? '' : String(item.year),
    value: item.value === null ? '' : String(item.value),
    currency: item.currency,
    distribution: item.distribution,
  };
}

type LabelsFieldProps = {
  /** Marks the input, so the form can keep what is still typed in it when Save is pressed. */
  name?: 'categories' | 'tags';
  label: string;
  value: string[];
  options: string[];
  onChange: (value: string[]) => void;
  helperText?: string;
};

/** Free-solo multiple choice: pick the estate's labels or type a new one. */
export function LabelsField({ name, label, value, options, onChange, helperText }: LabelsFieldProps) {
  return (
    <Autocomplete
      multiple
      freeSolo
      autoSelect
      options={options}
      value={value}
      onChange={(_e, next) => onChange([...new Set(next.map((v) => v.trim()).filter(Boolean))])}
      renderValue={(selected, getItemProps) =>
        selected.map((option, index) => {
          const { key, ...rest } = getItemProps({ index });
          return <Chip key={key} label={option} size="small" {...rest} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          helperText={helperText}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-labels': name } }}
        />
      )}
    />
  );
}

type Props = {
  draft: ItemDraft;
  onChange: (change: Partial<ItemDraft>) => void;
  locations: Location[];
  rooms: Room[];
  categories: string[];
  tags: string[];
  errors?: Partial<Record<keyof ItemDraft, string>>;
  /** Only the fields a quick add needs (name, category, place). */
  quick?: boolean;
};

/** The item's fields (product.md "Items"). */
export function ItemFields({ draft, onChange, locations, rooms, categories, tags, errors = {}, quick }: Props) {
  const { t } = useTranslation();
  const text = (field: 'giver' | 'owners' | 'brand' | 'model', extra: object = {}) => (
    <TextField
      label={t(`catalogue:fields.${field}`)}
      value={draft[field]}
      onChange={(e) => onChange({ [field]: e.target.value })}
      error={Boolean(errors[field])}
      helperText={errors[field] ?? t(`catalogue:fieldHelp.${field}`)}
      slotProps={{ htmlInput: { maxLength: 200 } }}
      {...extra}
    />
  );
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
      <TextField
        label={t('catalogue:fields.name')}
        value={draft.name}
        onChange={(e) => onChange({ name: e.target.value })}
        required
        autoFocus
        error={Boolean(errors.name)}
        helperText={errors.name ?? t('catalogue:fieldHelp.name')}
        sx={{ gridColumn: '1 / -1' }}
        slotProps={{ htmlInput: { maxLength: 200, autoCapitalize: 'words' } }}
      />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <LabelsField
          name="categories"
          label={t('catalogue:fields.categories')}
          value={draft.categories}
          options={categories}
          onChange={(categories) => onChange({ categories })}
          helperText={t('catalogue:fieldHelp.categories')}
        />
      </Box>
      <TextField
        select
        label={t('catalogue:fields.location')}
        value={draft.locationId ?? ''}
        onChange={(e) => onChange({ locationId: e.target.value || null, roomId: null })}
      >
        <MenuItem value="">{t('catalogue:fields.none')}</MenuItem>
        {locations.map((l) => (
          <MenuItem key={l.id} value={l.id}>
            {l.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('catalogue:fields.room')}
        value={draft.roomId ?? ''}
        disabled={!draft.locationId}
        onChange={(e) => onChange({ roomId: e.target.value || null })}
      >
        <MenuItem value="">{t('catalogue:fields.none')}</MenuItem>
        {rooms.map((r) => (
          <MenuItem key={r.id} value={r.id}>
            {r.name}
          </MenuItem>
        ))}
      </TextField>
      {!quick && (
        <>
          <TextField
            label={t('catalogue:fields.notes')}
            value={draft.notes}
            onChange={(e) => onChange({ notes: e.target.value })}
            multiline
            minRows={3}
            sx={{ gridColumn: '1 / -1' }}
          />
          {text('brand')}
          {text('model')}
          {text('giver')}
          {text('owners')}
          <TextField
            label={t('catalogue:fields.year')}
            value={draft.year}
            onChange={(e) => onChange({ year: e.target.value.replace(/\D/g, '').slice(0, 4) })}
            error={Boolean(errors.year)}
            helperText={errors.year}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <Box sx={{ display: 'flex', gap: 1 }}>
            <TextField
              label={t('catalogue:fields.value')}
              value={draft.value}
              onChange={(e) => onChange({ value: e.target.value.replace(/[^\d.,]/g, '') })}
              error={Boolean(errors.value)}
              helperText={errors.value}
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <TextField
              label={t('catalogue:fields.currency')}
              value={draft.currency}
              onChange={(e) => onChange({ currency: e.target.value.toUpperCase().replace(/[^A-Z]/g, '').slice(0, 3) })}
              error={Boolean(errors.currency)}
              sx={{ width: 96 }}
            />
          </Box>
          <TextField
            select
            label={t('catalogue:fields.distribution')}
            value={draft.distribution}
            onChange={(e) => onChange({ distribution: e.target.value as 'divide' | 'return' })}
            helperText={t(`catalogue:distributionHelp.${draft.distribution}`)}
          >
            <MenuItem value="divide">{t('catalogue:distribution.divide')}</MenuItem>
            <MenuItem value="return">{t('catalogue:distribution.return')}</MenuItem>
          </TextField>
          <LabelsField
            name="tags"
            label={t('catalogue:fields.tags')}
            value={draft.tags}
            options={tags}
            onChange={(tags) => onChange({ tags })}
          />
        </>
      )}
    </Box>
  );
}
