import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Add from '@mui/icons-material/Add';
import Check from '@mui/icons-material/Check';
import { useTranslation } from '../../../shared/i18n/use-translation';

type Props = {
  id: string;
  anchor: HTMLElement;
  onClose: () => void;
  estates: readonly { estateId: string; estateName: string }[];
  currentId: string | undefined;
  onPick: (estateId: string) => void;
  onCreate: () => void;
};

/** The open estate switcher (loaded on first use: estate-switcher.tsx). */
export function EstateSwitcherList({ id, anchor, onClose, estates, currentId, onPick, onCreate }: Props) {
  const { t } = useTranslation();
  return (
    <Menu id={id} anchorEl={anchor} open onClose={onClose}>
      {estates.map((estate) => (
        <MenuItem
          key={estate.estateId}
          selected={estate.estateId === currentId}
          onClick={() => onPick(estate.estateId)}
        >
          <ListItemIcon>{estate.estateId === currentId ? <Check fontSize="small" /> : null}</ListItemIcon>
          <ListItemText>{estate.estateName}</ListItemText>
        </MenuItem>
      ))}
      {estates.length > 0 && <Divider />}
      <MenuItem onClick={onCreate}>
        <ListItemIcon>
          <Add fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('estates.create.button')}</ListItemText>
      </MenuItem>
    </Menu>
  );
}
