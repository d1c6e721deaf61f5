import { Suspense, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Search from '@mui/icons-material/Search';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { lazyNamed } from '../../../shared/ui/lazy-named';

const SearchOverlay = lazyNamed(() => import('./search-overlay'), 'SearchOverlay');

/** The toolbar's search button; the search field (and its code) opens over the toolbar. */
export function NavigationSearch() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <IconButton
        color="inherit"
        aria-label={t('search.open')}
        title={t('search.open')}
        onClick={() => setOpen(true)}
      >
        <Search />
      </IconButton>
    );
  }
  return (
    <Suspense fallback={null}>
      <SearchOverlay onClose={() => setOpen(false)} />
    </Suspense>
  );
}
