import { Suspense, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Download from '@mui/icons-material/DownloadOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import QrCode from '@mui/icons-material/QrCode2';
import Upload from '@mui/icons-material/UploadFileOutlined';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { notify } from '../../../shared/ui/notify';
import { lazyNamed } from '../../../shared/ui/lazy-named';
import { useOffer } from '../../../shared/ui/offer';
import { saveFile } from '../../../shared/api/client';
import { downloadExport, downloadLabels, type ItemFilters } from '../api';
import type { EstateAccess } from '../use-estate';

const ImportDialog = lazyNamed(() => import('./import-dialog'), 'ImportDialog');

type Props = { estate: EstateAccess; filters: ItemFilters; itemIds: string[] };

/** The item list's toolbar menu: export (CSV, XLSX), import, and printable QR labels. */
export function CatalogueMenu({ estate, filters, itemIds }: Props) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [importing, setImporting] = useState(false);
  const { estateId } = estate;
  const importOffer = useOffer(estate.stage)(estate.decide('item.import'));

  const run = async (work: () => Promise<void>) => {
    setAnchor(null);
    try {
      await work();
    } catch (error) {
      notify(errorMessage(error, t), 'error');
    }
  };
  const exportAs = (format: 'csv' | 'xlsx') =>
    run(async () => saveFile(await downloadExport(estateId, format)));
  const labels = () =>
    run(async () => {
      const scope = filters.roomId
        ? { roomId: filters.roomId }
        : filters.locationId
          ? { locationId: filters.locationId }
          : { itemIds: itemIds.slice(0, 2400) };
      if (!scope.roomId && !scope.locationId && itemIds.length === 0) {
        notify(t('catalogue:io.noItemsForLabels'), 'info');
        return;
      }
      saveFile(await downloadLabels(estateId, scope));
    });

  return (
    <>
      <IconButton
        aria-label={t('catalogue:io.menu')}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVert />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {estate.can('item.export') && [
          <MenuItem key="csv" onClick={() => void exportAs('csv')}>
            <ListItemIcon>
              <Download />
            </ListItemIcon>
            {t('catalogue:io.exportCsv')}
          </MenuItem>,
          <MenuItem key="xlsx" onClick={() => void exportAs('xlsx')}>
            <ListItemIcon>
              <Download />
            </ListItemIcon>
            {t('catalogue:io.exportXlsx')}
          </MenuItem>,
        ]}
        {importOffer.shown && (
          <MenuItem
            disabled={Boolean(importOffer.refusal)}
            onClick={() => {
              setAnchor(null);
              setImporting(true);
            }}
          >
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
        {estate.can('item.labels') && (
          <MenuItem onClick={() => void labels()}>
            <ListItemIcon>
              <QrCode />
            </ListItemIcon>
            {t('catalogue:io.labels')}
          </MenuItem>
        )}
      </Menu>
      {importing && (
        <Suspense fallback={null}>
          <ImportDialog estateId={estateId} onClose={() => setImporting(false)} />
        </Suspense>
      )}
    </>
  );
}
