import { useState } from 'react';
import { useNavigate } from 'react-router';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Close from '@mui/icons-material/Close';
import Search from '@mui/icons-material/Search';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { SEARCH_MAX_SUGGESTIONS } from '../../../shared/theme/layout-constants';
import { searchPages, type NavItem } from '../navigation/navigation-config';
import { useNavigation } from '../navigation/use-navigation';

/** Find a page by name among those the person may open (up to 10 suggestions, "No results.."). */
export function SearchOverlay({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pages } = useNavigation();
  const [query, setQuery] = useState('');
  const titleOf = (item: NavItem) => t(item.title ?? item.id);

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
          options={pages}
          getOptionLabel={titleOf}
          filterOptions={(options) => searchPages(options, query, titleOf, SEARCH_MAX_SUGGESTIONS)}
          inputValue={query}
          onInputChange={(_event, value) => setQuery(value)}
          onChange={(_event, item) => {
            if (item?.url) {
              void navigate(item.url);
              onClose();
            }
          }}
          open={query.trim().length > 0}
          noOptionsText={t('search.noResults')}
          openOnFocus={false}
          forcePopupIcon={false}
          clearOnBlur={false}
          renderOption={({ key, ...props }, item) => {
            const Icon = item.icon;
            return (
              <li key={key} {...props}>
                {Icon && (
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <Icon fontSize="small" />
                  </ListItemIcon>
                )}
                {titleOf(item)}
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
