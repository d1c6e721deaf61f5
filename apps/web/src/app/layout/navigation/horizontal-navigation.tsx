import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import { useTheme } from '@mui/material/styles';
import ExpandMore from '@mui/icons-material/ExpandMore';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { NAV_ITEM_HEIGHT, POPUP_DELAY_MS } from '../../../shared/theme/layout-constants';
import { containsActive, isActive, type NavItem } from './navigation-config';
import { NavBadge } from './nav-badge';

/**
 * A popup that opens on hover after 150 ms (and closes 150 ms after the pointer leaves), on
 * click, and from the keyboard (Enter, Space or Arrow Down); Escape closes it.
 */
function usePopup() {
  const [state, setState] = useState<{ open: boolean; byKeyboard: boolean }>({
    open: false,
    byKeyboard: false,
  });
  const timer = useRef<number | undefined>(undefined);
  const schedule = (next: boolean) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setState({ open: next, byKeyboard: false }), POPUP_DELAY_MS);
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return {
    open: state.open,
    /** Focus moves into the popup only when it was opened from the keyboard. */
    focusFirst: state.open && state.byKeyboard,
    setOpen: (next: boolean, byKeyboard = false) => {
      window.clearTimeout(timer.current);
      setState({ open: next, byKeyboard });
    },
    hoverProps: { onMouseEnter: () => schedule(true), onMouseLeave: () => schedule(false) },
  };
}

function PopupEntries({ items, onDone }: { items: NavItem[]; onDone: () => void }) {
  return (
    <>
      {items.map((child) =>
        child.type === 'collapse' || child.type === 'group' ? (
          <NestedPopup key={child.id} item={child} onDone={onDone} />
        ) : child.type === 'divider' ? null : (
          <PopupLink key={child.id} item={child} onDone={onDone} />
        ),
      )}
    </>
  );
}

function PopupLink({ item, onDone }: { item: NavItem; onDone: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = isActive(item, pathname);
  const Icon = item.icon;
  const external = item.type === 'link';
  return (
    <MenuItem
      component={external ? 'a' : RouterLink}
      {...(external
        ? { href: item.url, target: '_blank', rel: 'noopener noreferrer' }
        : { to: item.url ?? '/' })}
      selected={active}
      aria-current={active ? 'page' : undefined}
      onClick={onDone}
      sx={{ minHeight: NAV_ITEM_HEIGHT, minWidth: 220 }}
    >
      {Icon && (
        <ListItemIcon>
          <Icon fontSize="small" />
        </ListItemIcon>
      )}
      <ListItemText>{t(item.title ?? item.id)}</ListItemText>
      {item.badge && <NavBadge badge={item.badge} />}
    </MenuItem>
  );
}

function NestedPopup({ item, onDone }: { item: NavItem; onDone: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  const { open, focusFirst, setOpen, hoverProps } = usePopup();
  const [anchor, setAnchor] = useState<HTMLLIElement | null>(null);
  const id = useId();
  const Icon = item.icon;
  const onKeyDown = (event: KeyboardEvent) => {
    const inward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const outward = rtl ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === inward || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      event.stopPropagation();
      setOpen(true, true);
    } else if (event.key === outward || event.key === 'Escape') {
      if (open) {
        event.stopPropagation();
        setOpen(false);
        anchor?.focus();
      }
    }
  };
  return (
    <Box {...hoverProps}>
      <MenuItem
        ref={setAnchor}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={(event) => setOpen(!open, event.detail === 0)}
        onKeyDown={onKeyDown}
        sx={{ minHeight: NAV_ITEM_HEIGHT, minWidth: 220 }}
      >
        {Icon && (
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
        )}
        <ListItemText>{t(item.title ?? item.id)}</ListItemText>
        {rtl ? <ChevronLeft fontSize="small" /> : <ChevronRight fontSize="small" />}
      </MenuItem>
      <Popper
        open={open}
        anchorEl={anchor}
        placement={rtl ? 'left-start' : 'right-start'}
        sx={{ zIndex: 'modal' }}
      >
        <Paper elevation={6}>
          <MenuList id={id} autoFocusItem={focusFirst} onKeyDown={onKeyDown}>
            <PopupEntries items={item.children ?? []} onDone={onDone} />
          </MenuList>
        </Paper>
      </Popper>
    </Box>
  );
}

function TopEntry({ item }: { item: NavItem }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { open, focusFirst, setOpen, hoverProps } = usePopup();
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null);
  const id = useId();
  const Icon = item.icon;
  const title = t(item.title ?? item.id);

  if (!item.children) {
    const active = isActive(item, pathname);
    return (
      <Button
        component={RouterLink}
        to={item.url ?? '/'}
        color="inherit"
        startIcon={Icon ? <Icon /> : undefined}
        aria-current={active ? 'page' : undefined}
        sx={{
          height: NAV_ITEM_HEIGHT,
          px: 1.5,
          fontWeight: active ? 700 : 500,
          bgcolor: active ? 'action.selected' : undefined,
        }}
      >
        {title}
      </Button>
    );
  }

  const active = containsActive(item, pathname);
  const close = () => setOpen(false);
  return (
    <Box {...hoverProps}>
      <Button
        ref={setAnchor}
        color="inherit"
        startIcon={Icon ? <Icon /> : undefined}
        endIcon={<ExpandMore />}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={(event) => setOpen(!open, event.detail === 0)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true, true);
          }
        }}
        sx={{
          height: NAV_ITEM_HEIGHT,
          px: 1.5,
          fontWeight: active ? 700 : 500,
          bgcolor: active ? 'action.selected' : undefined,
        }}
      >
        {title}
      </Button>
      <Popper open={open} anchorEl={anchor} placement="bottom-start" sx={{ zIndex: 'modal' }}>
        <ClickAwayListener onClickAway={close}>
          <Paper elevation={6}>
            <MenuList
              id={id}
              autoFocusItem={focusFirst}
              onKeyDown={(event) => {
                if (event.key === 'Escape' || event.key === 'Tab') {
                  close();
                  if (event.key === 'Escape') anchor?.focus();
                }
              }}
            >
              <PopupEntries items={item.children} onDone={close} />
            </MenuList>
          </Paper>
        </ClickAwayListener>
      </Popper>
    </Box>
  );
}

/** The top navigation of layout2 and layout3: groups open as menus. */
export function HorizontalNavigation({ items }: { items: NavItem[] }) {
  const { t } = useTranslation();
  return (
    <Box
      component="nav"
      aria-label={t('nav.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center', py: 0.5 }}
    >
      {items.map((item) => (
        <TopEntry key={item.id} item={item} />
      ))}
    </Box>
  );
}
