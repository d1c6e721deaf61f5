import { Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import FilterList from '@mui/icons-material/FilterList';
import Inventory from '@mui/icons-material/Inventory2Outlined';
import Search from '@mui/icons-material/Search';
import { ITEM_STATUSES, type ItemStatus } from '@estate/domain/item-status';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { Spinner } from '../../../shared/ui/spinner';
import { PageLayout } from '../../../shared/ui/page-layout';
import { RefusableButton } from '../../../shared/ui/refusable-button';
import { useOffer } from '../../../shared/ui/offer';
import { lazyNamed } from '../../../shared/ui/lazy-named';
import { useConsentNeeded } from '../../../shared/api/consent';
import { useOnline } from '../../../shared/offline/online';
import { useHoldFirstContent } from '../../../shared/api/first-content';
import { ConsentCard } from '../../../shared/consent/consent-card';
import {
  SORTS,
  useAllRooms,
  useItemsList,
  useLabels,
  useLocations,
  useMyApprovals,
  useRooms,
  type ItemFilters,
  type Sort,
} from '../api';
import { rememberItemOrder } from '../item-flow';
import { useEstate, type EstateAccess } from '../use-estate';
import { ItemsView, type ItemsLayout } from '../components/items-view';
import { ViewSwitch } from '../components/view-switch';
import { CatalogueMenu } from '../components/catalogue-menu';
import { NotFoundNote } from '../components/not-found-note';
import { ReviewBanner } from '../components/review-banner';

const ItemFormDialog = lazyNamed(() => import('../components/item-form-dialog'), 'ItemFormDialog');
// Built when first opened: its selects and switches are not part of the list's first load.
const ItemsFilters = lazyNamed(() => import('../components/items-filters'), 'ItemsFilters');

const VIEW_KEY = 'estate.items.view';

function filtersFrom(search: URLSearchParams, lid?: string, rid?: string): ItemFilters {
  const status = search.get('status');
  const sort = search.get('sort');
  return {
    q: search.get('q') ?? undefined,
    locationId: lid ?? search.get('locationId') ?? undefined,
    roomId: rid ?? search.get('roomId') ?? undefined,
    category: search.get('category') ?? undefined,
    status:
      status && (ITEM_STATUSES as readonly string[]).includes(status) ? (status as ItemStatus) : undefined,
    highInterest: search.get('highInterest') === 'true' || undefined,
    noPhoto: search.get('noPhoto') === 'true' || undefined,
    sort: sort && (SORTS as readonly string[]).includes(sort) ? (sort as Sort) : undefined,
  };
}

/** `/p/:pid/i` and `/p/:pid/l/:lid/r/:rid/i`: the item list. */
export function ItemsPage() {
  const { t } = useTranslation();
  const estate = useEstate();
  if (!estate) {
    return (
      <PageLayout title={t('catalogue:items.title')}>
        <NotFoundNote message={t('catalogue:items.noEstate')} back="/i/" />
      </PageLayout>
    );
  }
  return <Items estate={estate} />;
}

function Items({ estate }: { estate: EstateAccess }) {
  const { t } = useTranslation();
  const offer = useOffer(estate.stage);
  const { estateId } = estate;
  const { lid, rid } = useParams();
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => filtersFrom(search, lid, rid), [search, lid, rid]);
  const [query, setQuery] = useState(filters.q ?? '');
  const [showFilters, setShowFilters] = useState(false);
  // The filter form is built the first time it is opened (not on every visit to the list).
  const [filtersBuilt, setFiltersBuilt] = useState(false);
  const [view, setView] = useState<ItemsLayout>(() =>
    window.localStorage.getItem(VIEW_KEY) === 'table' ? 'table' : 'grid',
  );
  const [adding, setAdding] = useState(false);
  // The search row is as wide as the list below it, and on screen before it.
  const searchRow = useRef<HTMLDivElement>(null);
  const searchRowWidth = useCallback(() => searchRow.current?.clientWidth ?? 0, []);

  // Places and labels are read for a place's own list and for the filter form, once opened.
  const locations = useLocations(estateId, Boolean(lid) || filtersBuilt);
  const rooms = useRooms(estateId, filters.locationId);
  const labels = useLabels(estateId, filtersBuilt);
  // Before the Terms and the Agreement are accepted, the page leads there instead of taking input.
  const consentNeeded = useConsentNeeded(estateId);
  const reviewing = estate.can('approval.set') && !consentNeeded;
  const approvals = useMyApprovals(estateId, reviewing);
  const list = useItemsList(estateId, filters);

  const update = useCallback(
    (change: Partial<ItemFilters>) => {
      setSearch(
        (old) => {
          const next = new URLSearchParams(old);
          for (const [key, value] of Object.entries(change)) {
            if (value === undefined || value === '' || value === false) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      );
    },
    [setSearch],
  );

  // Search as the person types, a moment after they stop.
  useEffect(() => {
    if ((filters.q ?? '') === query.trim()) return;
    const timer = setTimeout(() => update({ q: query.trim() || undefined }), 300);
    return () => clearTimeout(timer);
  }, [query, filters.q, update]);

  // The list (tens of cards) renders in the background, in slices: the page stays responsive while
  // it does, and the loader stays until it is ready.
  const listData = useDeferredValue(list.data);
  // With no network the list is the one the service worker kept on this phone (issue 34).
  const online = useOnline();
  // The frame's own reads wait until the cards are drawn (the first photos are the largest paint):
  // from the page's first render while the list is asked for, then while it is being drawn.
  useHoldFirstContent(
    (list.isPending && list.fetchStatus === 'fetching') || (Boolean(list.data) && !listData),
  );
  const items = useMemo(() => listData?.pages.flatMap((p) => p.items) ?? [], [listData]);
  const total = listData?.pages[0]?.total ?? 0;
  // The order shown, for next/previous on an item's page.
  const { search: listSearch } = useLocation();
  useEffect(
    () =>
      rememberItemOrder(
        estateId,
        items.map((i) => i.id),
        listSearch,
      ),
    [estateId, items, listSearch],
  );
  const approvalMap = useMemo(
    () => new Map((approvals.data ?? []).map((a) => [a.itemId, a.status] as const)),
    [approvals.data],
  );
  // Room names for the list come from every location: the list spans them all unless filtered.
  const allRooms = useAllRooms(estateId);
  const roomNames = useMemo(() => new Map((allRooms.data ?? []).map((r) => [r.id, r.name])), [allRooms.data]);
  const roomName = useCallback((id: string | null) => (id ? (roomNames.get(id) ?? '') : ''), [roomNames]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  // A call while a page is on its way does nothing (the default would cancel it and ask again).
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const location = locations.data?.find((l) => l.id === lid);
  const room = rooms.data?.find((r) => r.id === rid);
  if (lid && locations.data && !location) {
    return (
      <PageLayout title={t('catalogue:items.title')}>
        <NotFoundNote message={t('catalogue:locations.notFound')} back={`/p/${estateId}/l`} />
      </PageLayout>
    );
  }
  if (rid && rooms.data && !room) {
    return (
      <PageLayout title={t('catalogue:items.title')}>
        <NotFoundNote message={t('catalogue:rooms.notFound')} back={`/p/${estateId}/l/${lid ?? ''}/r`} />
      </PageLayout>
    );
  }

  const canCreate = estate.can('item.create');
  // A trustee past the catalogue's stages still sees "Add item", disabled with the reason.
  const createOffer = offer(estate.decide('item.create'));
  const activeFilters = [
    'category',
    'status',
    'highInterest',
    'noPhoto',
    ...(lid ? [] : ['locationId', 'roomId']),
  ].filter((key) => filters[key as keyof ItemFilters] !== undefined).length;
  const filtered = activeFilters > 0 || Boolean(filters.q);

  return (
    <PageLayout
      title={room ? room.name : t('catalogue:items.title')}
      subtitle={
        location && room ? (
          <Breadcrumbs aria-label={t('catalogue:common.breadcrumbs')} component="span">
            <Link component={RouterLink} to={`/p/${estateId}/l`}>
              {t('catalogue:locations.title')}
            </Link>
            <Link component={RouterLink} to={`/p/${estateId}/l/${location.id}/r`}>
              {location.name}
            </Link>
            <span>{room.name}</span>
          </Breadcrumbs>
        ) : (
          estate.membership.estateName
        )
      }
      actions={
        <>
          {createOffer.shown && (
            <RefusableButton
              variant="contained"
              startIcon={<Add />}
              onClick={() => setAdding(true)}
              refusal={createOffer.refusal}
            >
              {t('catalogue:items.add')}
            </RefusableButton>
          )}
          <CatalogueMenu estate={estate} filters={filters} itemIds={items.map((i) => i.id)} />
        </>
      }
    >
      <ConsentCard estateId={estateId} />
      {reviewing && <ReviewBanner estateId={estateId} total={total} approvals={approvals.data ?? []} />}
      <Box ref={searchRow} sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        {/* The outlined field itself, not TextField: TextField brings the select menu's code, which
            the list's first load does not need (ADR 0030). */}
        <OutlinedInput
          size="small"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('catalogue:items.searchPlaceholder')}
          sx={{ flex: '1 1 160px' }}
          slotProps={{ input: { 'aria-label': t('catalogue:items.search') } }}
          startAdornment={
            <InputAdornment position="start">
              <Search />
            </InputAdornment>
          }
        />
        <IconButton
          onClick={() => {
            setFiltersBuilt(true);
            setShowFilters((v) => !v);
          }}
          aria-expanded={showFilters}
          aria-controls="item-filters"
          aria-label={t('catalogue:filters.title')}
        >
          <Badge color="primary" badgeContent={activeFilters}>
            <FilterList />
          </Badge>
        </IconButton>
        <ViewSwitch
          value={view}
          onChange={(value) => {
            setView(value);
            window.localStorage.setItem(VIEW_KEY, value);
          }}
        />
      </Box>
      <Collapse in={showFilters} id="item-filters">
        {filtersBuilt && (
          <Card variant="outlined" sx={{ p: 2, mb: 2 }}>
            <Suspense fallback={<Spinner size={32} />}>
              <ItemsFilters
                filters={filters}
                locations={locations.data ?? []}
                rooms={rooms.data ?? []}
                categories={labels.data?.categories ?? []}
                placeFixed={Boolean(lid)}
                onChange={update}
                onClear={() => {
                  setQuery('');
                  setSearch(new URLSearchParams(), { replace: true });
                }}
              />
            </Suspense>
          </Card>
        )}
      </Collapse>

      {(list.isPending || (list.data && !listData)) && <FullPageLoader />}
      {list.isError && <Alert severity="error">{errorMessage(list.error, t)}</Alert>}
      {!online && listData && (
        <Alert severity="info" sx={{ mb: 1 }} data-testid="list-kept">
          {t('stories:offline.listKept')}
        </Alert>
      )}
      {listData && (
        <Typography color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
          {t('catalogue:items.total', { count: total })}
        </Typography>
      )}
      {listData && items.length === 0 && (
        <Card variant="outlined">
          <EmptyState
            icon={<Inventory />}
            title={filtered ? t('catalogue:items.emptyFiltered.title') : t('catalogue:items.empty.title')}
            action={
              filtered ? (
                <Button
                  variant="outlined"
                  onClick={() => {
                    setQuery('');
                    setSearch(new URLSearchParams(), { replace: true });
                  }}
                >
                  {t('catalogue:filters.clear')}
                </Button>
              ) : (
                canCreate && (
                  <Button
                    variant="contained"
                    size="large"
                    startIcon={<Add />}
                    onClick={() => setAdding(true)}
                  >
                    {t('catalogue:items.add')}
                  </Button>
                )
              )
            }
          >
            {filtered
              ? t('catalogue:items.emptyFiltered.text')
              : canCreate
                ? t('catalogue:items.empty.create')
                : t('catalogue:items.empty.read')}
          </EmptyState>
        </Card>
      )}
      {items.length > 0 && (
        <ItemsView
          expectedWidth={searchRowWidth}
          estateId={estateId}
          items={items}
          view={view}
          canHeart={estate.can('interest.set') && !consentNeeded}
          approvals={reviewing ? approvalMap : undefined}
          roomName={roomName}
          hasMore={Boolean(hasNextPage)}
          onEndReached={loadMore}
        />
      )}
      {hasNextPage && (
        <Box sx={{ textAlign: 'center', my: 2 }}>
          <Button variant="outlined" onClick={loadMore} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? t('catalogue:common.loading') : t('catalogue:items.loadMore')}
          </Button>
        </Box>
      )}
      {adding && (
        <Suspense fallback={null}>
          <ItemFormDialog
            estate={estate}
            defaults={{ locationId: filters.locationId ?? null, roomId: filters.roomId ?? null }}
            onClose={() => setAdding(false)}
          />
        </Suspense>
      )}
    </PageLayout>
  );
}
