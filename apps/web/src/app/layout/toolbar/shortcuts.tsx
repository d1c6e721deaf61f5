import { Suspense, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useSettings } from '../../../shared/settings/settings-context';
import { lazyNamed } from '../../../shared/ui/lazy-named';
import { type NavItem } from '../navigation/navigation-config';
import { useNavigation } from '../navigation/use-navigation';

// The open menu loads on first use: its code is not part of every page's first load (ADR 0030).
const ShortcutsMenu = lazyNamed(() => import('./shortcuts-menu'), 'ShortcutsMenu');

/** Starred pages as buttons in the toolbar, and a menu to star or unstar pages. */
export function Shortcuts() {
  const { t } = useTranslation();
  const { settings, update } = useSettings();
  const { pages } = useNavigation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const titleOf = (item: NavItem) => t(item.title ?? item.id);
  const starred = pages.filter((page) => settings.shortcuts.includes(page.id));

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
      {anchor && (
        <Suspense fallback={null}>
          <ShortcutsMenu
            id={menuId}
            anchor={anchor}
            onClose={() => setAnchor(null)}
            pages={pages}
            onToggle={toggle}
          />
        </Suspense>
      )}
    </Box>
  );
}
