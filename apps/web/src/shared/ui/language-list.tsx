import Check from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Language } from '@estate/domain/schemas/account';
import { LANGUAGE_DIRECTION, LANGUAGE_NAMES } from '../i18n/i18n';
import { useSettings } from '../settings/settings-context';
import { LANGUAGES } from '@estate/domain/settings';

/** The language menu's list (loaded when the menu is first opened). */
export function LanguageList({
  id,
  anchor,
  onClose,
}: {
  id: string;
  anchor: HTMLElement;
  onClose: () => void;
}) {
  const { settings, update } = useSettings();
  const choose = (language: Language) => {
    update({ language, direction: LANGUAGE_DIRECTION[language] });
    onClose();
  };
  return (
    <Menu id={id} anchorEl={anchor} open onClose={onClose}>
      {LANGUAGES.map((language) => (
        <MenuItem
          key={language}
          lang={language}
          selected={language === settings.language}
          onClick={() => choose(language)}
        >
          <ListItemIcon>{language === settings.language ? <Check fontSize="small" /> : null}</ListItemIcon>
          <ListItemText>{LANGUAGE_NAMES[language]}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
