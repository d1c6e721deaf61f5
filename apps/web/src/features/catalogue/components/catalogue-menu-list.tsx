import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Download from '@mui/icons-material/DownloadOutlined';
import QrCode from '@mui/icons-material/QrCode2';
import Upload from '@mui/icons-material/UploadFileOutlined';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { Offer } from '../../../shared/ui/offer';

type Props = {
  anchor: HTMLElement;
  onClose: () => void;
  canExport: boolean;
  importOffer: Offer;
  canLabels: boolean;
  onExport: (format: 'csv' | 'xlsx') => void;
  onImport: () => void;
  onLabels: () => void;
};

/** The open list of the item list's toolbar menu (loaded on first use: catalogue-menu.tsx). */
export function CatalogueMenuList({
  anchor,
  onClose,
  canExport,
  importOffer,
  canLabels,
  onExport,
  onImport,
  onLabels,
}: Props) {
  const { t } = useTranslation();
  return (
    <Menu anchorEl={anchor} open onClose={onClose}>
      {canExport && [
        <MenuItem key="csv" onClick={() => onExport('csv')}>
          <ListItemIcon>
            <Download />
          </ListItemIcon>
          {t('catalogue:io.exportCsv')}
        </MenuItem>,
        <MenuItem key="xlsx" onClick={() => onExport('xlsx')}>
          <ListItemIcon>
            <Download />
          </ListItemIcon>
          {t('catalogue:io.exportXlsx')}
        </MenuItem>,
      ]}
      {importOffer.shown && (
        <MenuItem disabled={Boolean(importOffer.refusal)} onClick={onImport}>
          <ListItemIcon>
            <Upload />
          </ListItemIcon>
          <ListItemText
            primary={t('catalogue:io.import')}
            secondary={importOffer.refusal}
            slotProps={{ secondary: { sx: { whiteSpace: 'normal', maxWidth: 260 } } }}
          />
        </MenuItem>
      )}
      {canLabels && (
        <MenuItem onClick={onLabels}>
          <ListItemIcon>
            <QrCode />
          </ListItemIcon>
          {t('catalogue:io.labels')}
        </MenuItem>
      )}
    </Menu>
  );
}
