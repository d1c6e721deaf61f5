import { useState } from 'react';
import Box from '@mui/material/Box';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useSettings } from '../../../shared/settings/settings-context';
import { type NavItem } from '../navigation/navigation-config';

type Props = {
  id: string;
  anchor: HTMLElement;
  onClose: () => void;
  pages: readonly NavItem[];
  onToggle: (pageId: string) => void;
};

/** The open menu to star or unstar pages, with a search (loaded on first use: shortcuts.tsx). */
export function ShortcutsMenu({ id, anchor, onClose, pages, onToggle }: Props) {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const [query, setQuery] = useState('');
  const titleOf = (item: NavItem) => t(item.title ?? item.id);
  const needle = query.trim().toLocaleLowerCase();
  const listed = needle ? pages.filter((page) => titleOf(page).toLocaleLowerCase().includes(needle)) : pages;

  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open
      onClose={onClose}
      // The search field takes the focus, not the list (typing then filters at once).
      autoFocus={false}
      slotProps={{
        paper: { sx: { width: 320, maxWidth: 'calc(100vw - 32px)' } },
        list: { autoFocusItem: false },
      }}
    >
      {/* Letters typed here filter the pages (not the menu's jump-to-item); Escape still closes. */}
      <Box
        sx={{ px: 2, pt: 1, pb: 1 }}
        onKeyDown={(event) => event.key !== 'Escape' && event.stopPropagation()}
      >
        <TextField
          autoFocus
          size="small"
          fullWidth
          label={t('shortcuts.search')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </Box>
      {listed.length === 0 && (
        <Typography sx={{ px: 2, py: 1 }} color="text.secondary">
          {t('search.noPages')}
        </Typography>
      )}
      {listed.map((page) => {
        const on = settings.shortcuts.includes(page.id);
        const Icon = page.icon;
        return (
          <MenuItem key={page.id} onClick={() => onToggle(page.id)} aria-pressed={on}>
            <ListItemIcon>{Icon ? <Icon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{titleOf(page)}</ListItemText>
            {on ? (
              <Star fontSize="small" color="secondary" aria-label={t('shortcuts.starred')} />
            ) : (
              <StarBorder fontSize="small" aria-label={t('shortcuts.notStarred')} />
            )}
          </MenuItem>
        );
      })}
    </Menu>
  );
}
