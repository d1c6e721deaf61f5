import { useEffect, useMemo, useState, type UIEvent } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import type { ListItem } from '@estate/domain/schemas/items';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { usePoolItemPages, useRoomNames } from '../api';

/** How long typing must pause before the server is asked. */
export const CHOOSER_DEBOUNCE_MS = 250;

type Props = {
  estateId: string;
  label: string;
  value: ListItem | null;
  onChange: (item: ListItem | null) => void;
};

/**
 * Chooses one of the items still to be given: type a number ("A-0012" or "12"), part of a name or
 * a room, and pick from the matches with their photos. The server searches and pages (20 at a
 * time, more as the list is scrolled or arrowed through); nothing loads the whole catalogue.
 */
export function ItemChooser({ estateId, label, value, onChange }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed.trim()), CHOOSER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const pages = usePoolItemPages(estateId, query, open);
  const rooms = useRoomNames(open || value ? estateId : null);
  const roomName = useMemo(() => new Map((rooms.data ?? []).map((r) => [r.id, r.name])), [rooms.data]);
  const options = useMemo(() => pages.data?.pages.flatMap((p) => p.items) ?? [], [pages.data]);
  const total = pages.data?.pages[0]?.total ?? 0;
  const labelOf = (item: ListItem) => `${item.label} · ${item.name}`;

  // Near the end of the list (scrolled, or arrowed down to it): the next page.
  const onScroll = (event: UIEvent<HTMLElement>) => {
    const list = event.currentTarget;
    if (list.scrollTop + list.clientHeight >= list.scrollHeight - 96 && pages.hasNextPage && !pages.isFetchingNextPage) {
      void pages.fetchNextPage();
    }
  };

  return (
    <Autocomplete
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_, item) => onChange(item)}
      inputValue={typed}
      onInputChange={(_, text, reason) => {
        // Choosing fills the box with the item's words; those are not a search.
        if (reason !== 'reset') setTyped(text);
        else setTyped('');
      }}
      options={options}
      // The server has already searched: show what it found, as it found it.
      filterOptions={(found) => found}
      getOptionLabel={labelOf}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={pages.isFetching}
      loadingText={t('process:directives.chooser.loading')}
      noOptionsText={query ? t('process:directives.chooser.noMatch', { query }) : t('process:directives.chooser.none')}
      slotProps={{
        listbox: { onScroll, sx: { maxHeight: { xs: '50vh', sm: 420 } } } as object,
      }}
      renderOption={({ key, ...props }, item) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minHeight: 64 }} data-testid="chooser-option">
          <Box sx={{ width: 48, height: 48, flexShrink: 0, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover', display: 'grid', placeItems: 'center' }}>
            {item.thumbUrl ? (
              <Box component="img" src={item.thumbUrl} alt="" loading="lazy" sx={{ width: 48, height: 48, objectFit: 'cover' }} />
            ) : (
              <ImageOutlined color="disabled" aria-hidden="true" />
            )}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'break-word' }}>
              <bdi>{item.label}</bdi> · <bdi>{item.name}</bdi>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              <bdi>{(item.roomId && roomName.get(item.roomId)) || t('process:directives.chooser.noRoom')}</bdi>
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          // Only while open (the label has moved up by then; closed, the two would overlap).
          placeholder={open ? t('process:directives.chooser.placeholder') : undefined}
          helperText={
            open && pages.data
              ? t('process:directives.chooser.shown', { shown: options.length, count: total })
              : t('process:directives.chooser.help')
          }
        />
      )}
    />
  );
}
