import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
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
import { useNavigation } from '../navigation/use-navigation';

/** Starred pages as buttons in the toolbar, and a menu to star or unstar pages. */
export function Shortcuts() {
  const { t } = useTranslation();
  const { settings, update } = useSettings();
  const { pages } = useNavigation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [query, setQuery] = useState('');
  const menuId = useId();
  const titleOf = (item: NavItem) => t(item.title ?? item.id);
  const starred = pages.filter((page) => settings.shortcuts.includes(page.id));
  const needle = query.trim().toLocaleLowerCase();
  const listed = needle ? pages.filter((page) => titleOf(page).toLocaleLowerCase().includes(needle)) : pages;

  const toggle = (id: string) => {
    const next = settings.shortcuts.includes(id)
      ? settings.shortcuts.filter((s) => s !== id)
      : [...settings.shortcuts, id];
    update({ shortcuts: next.slice(0, 20) });
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center' }}>
      {starred.map((page) => {
        const Icon = page.icon;
        return (
          <IconButton
            key={page.id}
            component={RouterLink}
            to={page.url ?? '/'}
            color="inherit"
            aria-label={titleOf(page)}
            title={titleOf(page)}
          >
            {Icon ? <Icon /> : <Star />}
          </IconButton>
        );
      })}
      <IconButton
        color="inherit"
        aria-label={t('shortcuts.edit')}
        title={t('shortcuts.edit')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <StarBorder />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => {
          setAnchor(null);
          setQuery('');
        }}
        slotProps={{
          paper: { sx: { width: 320, maxWidth: 'calc(100vw - 32px)' } },
          list: { autoFocusItem: false },
        }}
      >
        <Box sx={{ px: 2, pt: 1, pb: 1 }} onKeyDown={(event) => event.stopPropagation()}>
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
            <MenuItem key={page.id} onClick={() => toggle(page.id)} aria-pressed={on}>
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
    </Box>
  );
}
