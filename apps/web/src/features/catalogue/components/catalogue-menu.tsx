import { Suspense, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import MoreVert from '@mui/icons-material/MoreVert';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { notify } from '../../../shared/ui/notify';
import { lazyNamed } from '../../../shared/ui/lazy-named';
import { useOffer } from '../../../shared/ui/offer';
import { saveFile } from '../../../shared/api/client';
import { downloadExport, downloadLabels, type ItemFilters } from '../api';
import type { EstateAccess } from '../use-estate';

const ImportDialog = lazyNamed(() => import('./import-dialog'), 'ImportDialog');
// The open menu loads on first use (the menu's code is not part of the list's first load).
const CatalogueMenuList = lazyNamed(() => import('./catalogue-menu-list'), 'CatalogueMenuList');

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
      {anchor && (
        <Suspense fallback={null}>
          <CatalogueMenuList
            anchor={anchor}
            onClose={() => setAnchor(null)}
            canExport={estate.can('item.export')}
            importOffer={importOffer}
            canLabels={estate.can('item.labels')}
            onExport={(format) => void exportAs(format)}
            onImport={() => {
              setAnchor(null);
              setImporting(true);
            }}
            onLabels={() => void labels()}
          />
        </Suspense>
      )}
      {importing && (
        <Suspense fallback={null}>
          <ImportDialog estateId={estateId} onClose={() => setImporting(false)} />
        </Suspense>
      )}
    </>
  );
}
