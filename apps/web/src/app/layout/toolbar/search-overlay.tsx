import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Close from '@mui/icons-material/Close';
import Search from '@mui/icons-material/Search';
import { useQuery } from '@tanstack/react-query';
import type { ItemsPageAnswer, ListItem } from '@estate/domain/schemas/items';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { currentMembership } from '../../../shared/session/current-estate';
import { useSession } from '../../../shared/session/session-context';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { SEARCH_MAX_SUGGESTIONS } from '../../../shared/theme/layout-constants';
import { searchPages, type NavItem } from '../navigation/navigation-config';
import { useNavigation } from '../navigation/use-navigation';

type Found = { kind: 'item'; item: ListItem } | { kind: 'page'; page: NavItem };

/** The estate's items whose name or number match (the list's own search), a few at a time. */
function useItemMatches(query: string) {
  const { me } = useSession();
  const estateId = currentMembership(me)?.estateId ?? null;
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSettled(query.trim()), 250);
    return () => clearTimeout(timer);
  }, [query]);
  const filters = { q: settled, limit: ITEM_SUGGESTIONS };
  const found = useQuery({
    queryKey: queryKeys.itemList(estateId, filters),
    queryFn: async () =>
      (await api<ItemsPageAnswer>(`/api/estates/${estateId}/items?q=${encodeURIComponent(settled)}&limit=${ITEM_SUGGESTIONS}`)).items,
    enabled: estateId !== null && settled.length >= 2,
  });
  return { estateId, items: settled.length >= 2 ? (found.data ?? []) : [], searching: found.isFetching };
}

const ITEM_SUGGESTIONS = 6;

/**
 * Find an item of the current estate by name or number, or a page by name among those the person
 * may open. Items first: that is what a family looks for.
 */
export function SearchOverlay({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pages } = useNavigation();
  const [query, setQuery] = useState('');
  const titleOf = (item: NavItem) => t(item.title ?? item.id);
  const { estateId, items, searching } = useItemMatches(query);
  const options: Found[] = [
    ...items.map((item) => ({ kind: 'item' as const, item })),
    ...searchPages(pages, query, titleOf, SEARCH_MAX_SUGGESTIONS).map((page) => ({ kind: 'page' as const, page })),
  ];
  const labelOf = (found: Found) => (found.kind === 'item' ? `${found.item.label} · ${found.item.name}` : titleOf(found.page));

  return (
    <Paper
      square
      elevation={0}
      sx={{
        position: 'absolute',
        inset: 0,
        zIndex: 2,
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: { xs: 1, sm: 2 },
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <Search color="action" aria-hidden="true" />
      <Box sx={{ flexGrow: 1 }}>
        <Autocomplete
          options={options}
          getOptionLabel={labelOf}
          groupBy={(found) => (found.kind === 'item' ? t('search.items') : t('search.pages'))}
          filterOptions={(all) => all}
          isOptionEqualToValue={(a, b) => labelOf(a) === labelOf(b)}
          loading={searching}
          loadingText={t('search.searching')}
          inputValue={query}
          onInputChange={(_event, value) => setQuery(value)}
          onChange={(_event, found) => {
            const url = found?.kind === 'item' ? `/p/${estateId}/i/${found.item.id}` : found?.page.url;
            if (url) {
              void navigate(url);
              onClose();
            }
          }}
          open={query.trim().length > 0}
          noOptionsText={t('search.noResults')}
          openOnFocus={false}
          forcePopupIcon={false}
          clearOnBlur={false}
          renderOption={({ key, ...props }, found) => {
            if (found.kind === 'item') {
              return (
                <li key={key} {...props}>
                  <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                    <bdi>{found.item.label}</bdi> · {found.item.name}
                  </Box>
                </li>
              );
            }
            const Icon = found.page.icon;
            return (
              <li key={key} {...props}>
                {Icon && (
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <Icon fontSize="small" />
                  </ListItemIcon>
                )}
                {titleOf(found.page)}
              </li>
            );
          }}
          renderInput={(params) => (
            <TextField
              {...params}
              autoFocus
              variant="standard"
              placeholder={t('search.placeholder')}
              slotProps={{
                ...params.slotProps,
                input: { ...params.slotProps.input, disableUnderline: true },
                htmlInput: { ...params.slotProps.htmlInput, 'aria-label': t('search.label') },
              }}
            />
          )}
        />
      </Box>
      <IconButton aria-label={t('search.close')} onClick={onClose}>
        <Close />
      </IconButton>
    </Paper>
  );
}
