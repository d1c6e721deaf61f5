import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { NAV_ITEM_HEIGHT, navIndent } from '../../../shared/theme/layout-constants';
import { containsActive, isActive, type NavItem } from './navigation-config';
import { NavBadge } from './nav-badge';

type Props = {
  items: NavItem[];
  /** Icons only (the folded navbar): text, badges and group titles are hidden. */
  folded?: boolean;
  /** Called after an item is chosen (closes the drawer on small screens). */
  onNavigate?: () => void;
};

type NodeProps = { item: NavItem; level: number; folded: boolean; onNavigate?: () => void };

function NavLinkItem({ item, level, folded, onNavigate }: NodeProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = isActive(item, pathname);
  const Icon = item.icon;
  const title = t(item.title ?? item.id);
  const external = item.type === 'link';
  const button = (
    <ListItemButton
      component={external ? 'a' : RouterLink}
      {...(external
        ? { href: item.url, target: item.target ?? '_blank', rel: 'noopener noreferrer' }
        : { to: item.url ?? '/' })}
      selected={active}
      aria-current={active ? 'page' : undefined}
      aria-label={folded ? title : undefined}
      title={folded ? title : undefined}
      onClick={onNavigate}
      sx={{
        minHeight: NAV_ITEM_HEIGHT,
        height: NAV_ITEM_HEIGHT,
        mx: 1,
        borderRadius: 1.5,
        paddingInlineStart: folded ? 1.5 : `${navIndent(level) - 8}px`,
        paddingInlineEnd: 1.5,
        '&.Mui-selected': { bgcolor: 'action.selected', fontWeight: 600 },
        '&.Mui-selected .MuiListItemIcon-root': { color: 'primary.main' },
      }}
    >
      {Icon && (
        <ListItemIcon sx={{ minWidth: folded ? 0 : 36, color: 'text.secondary' }}>
          <Icon fontSize="small" />
        </ListItemIcon>
      )}
      {!folded && (
        <ListItemText
          primary={title}
          slotProps={{ primary: { noWrap: true, sx: { fontWeight: active ? 600 : 500 } } }}
        />
      )}
      {!folded && item.badge && <NavBadge badge={item.badge} />}
    </ListItemButton>
  );
  return button;
}

function NavCollapse({ item, level, folded, onNavigate }: NodeProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const holdsActive = containsActive(item, pathname);
  const [open, setOpen] = useState(holdsActive);
  // Open by itself when the path moves into one of its children (adjusting state while rendering).
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    if (holdsActive && !open) setOpen(true);
  }
  const Icon = item.icon;
  const title = t(item.title ?? item.id);
  const listId = `nav-collapse-${item.id}`;
  return (
    <>
      <ListItemButton
        onClick={() => setOpen((v) => !v)}
        // Folded, only the icon shows: the name is said and shown on hover instead.
        aria-label={folded ? title : undefined}
        title={folded ? title : undefined}
        aria-expanded={open && !folded}
        aria-controls={open && !folded ? listId : undefined}
        sx={{
          minHeight: NAV_ITEM_HEIGHT,
          height: NAV_ITEM_HEIGHT,
          mx: 1,
          borderRadius: 1.5,
          paddingInlineStart: folded ? 1.5 : `${navIndent(level) - 8}px`,
          paddingInlineEnd: 1.5,
        }}
      >
        {Icon && (
          <ListItemIcon
            sx={{ minWidth: folded ? 0 : 36, color: holdsActive ? 'primary.main' : 'text.secondary' }}
          >
            <Icon fontSize="small" />
          </ListItemIcon>
        )}
        {!folded && (
          <ListItemText primary={title} slotProps={{ primary: { noWrap: true, sx: { fontWeight: 500 } } }} />
        )}
        {!folded && (open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />)}
      </ListItemButton>
      <Collapse in={open && !folded} timeout="auto" unmountOnExit>
        <List id={listId} disablePadding>
          {(item.children ?? []).map((child) => (
            <NavNode key={child.id} item={child} level={level + 1} folded={folded} onNavigate={onNavigate} />
          ))}
        </List>
      </Collapse>
    </>
  );
}

function NavGroup({ item, level, folded, onNavigate }: NodeProps) {
  const { t } = useTranslation();
  const headingId = `nav-group-${item.id}`;
  return (
    <List
      component="div"
      disablePadding
      aria-labelledby={folded ? undefined : headingId}
      sx={{ pt: 1 }}
      subheader={
        folded ? (
          <Divider sx={{ mx: 2, my: 1 }} />
        ) : (
          <ListSubheader
            id={headingId}
            component="div"
            disableSticky
            sx={{
              bgcolor: 'transparent',
              lineHeight: '32px',
              fontSize: '0.875rem',
              fontWeight: 700,
              letterSpacing: '0.06em',
              textTransform: 'uppercase',
              color: 'text.secondary',
              paddingInlineStart: 3,
            }}
          >
            {t(item.title ?? item.id)}
          </ListSubheader>
        )
      }
    >
      {(item.children ?? []).map((child) => (
        <NavNode key={child.id} item={child} level={level} folded={folded} onNavigate={onNavigate} />
      ))}
    </List>
  );
}

function NavNode(props: NodeProps) {
  switch (props.item.type) {
    case 'group':
      return <NavGroup {...props} />;
    case 'collapse':
      return <NavCollapse {...props} />;
    case 'divider':
      return <Divider sx={{ my: 1 }} />;
    default:
      return <NavLinkItem {...props} />;
  }
}

/** The vertical menu of layout1 and of the phone drawer. */
export function VerticalNavigation({ items, folded = false, onNavigate }: Props) {
  return (
    <List component="div" disablePadding sx={{ pb: 2 }}>
      {items.map((item) => (
        <NavNode key={item.id} item={item} level={0} folded={folded} onNavigate={onNavigate} />
      ))}
    </List>
  );
}
