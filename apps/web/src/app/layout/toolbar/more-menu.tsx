import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type SvgIcon from '@mui/material/SvgIcon';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { PanelName } from '../layout-context';

type Props = {
  id: string;
  anchor: HTMLElement;
  onClose: () => void;
  panels: readonly { panel: PanelName; key: string; Icon: typeof SvgIcon }[];
  onOpen: (panel: PanelName) => void;
};

/** The phone toolbar's "more" menu: the side panels (loaded on first use: toolbar.tsx). */
export function MoreMenu({ id, anchor, onClose, panels, onOpen }: Props) {
  const { t } = useTranslation();
  return (
    <Menu id={id} anchorEl={anchor} open onClose={onClose}>
      {panels.map(({ panel, key, Icon }) => (
        <MenuItem key={panel} onClick={() => onOpen(panel)}>
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t(key)}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
