import { Suspense, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { styleWarnings } from '@estate/domain/items';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { isApiError } from '../../../shared/api/api-error';
import { notify } from '../../../shared/ui/notify';
import type { Item } from '@estate/domain/schemas/items';
import { fetchItem, useCreateItem, useItem, useItemsList, useLabels, useLocations, useRooms, useUpdateItem, type ItemInput } from '../api';
import type { EstateAccess } from '../use-estate';
import { queryKeys } from '../../../shared/api/query-keys';
import { defaultCurrency } from '../default-currency';
import { useEstateCurrency } from '../../../shared/api/estate-currency';
import { EMPTY_DRAFT, ItemFields, draftToInput, itemToDraft, type ItemDraft } from './item-fields';
import { PhotoManager } from './photo-manager';
import { StyleWarnings } from './style-warnings';
import { lazyNamed } from '../../../shared/ui/lazy-named';

const KeptItem = lazyNamed(() => import('../../../shared/offline/kept-item'), 'KeptItem');

type Props = {
  estate: EstateAccess;
  /** Editing this item; without it, a new one. */
  item?: Item;
  defaults?: Partial<ItemDraft>;
  onClose: () => void;
};

const FIELDS = Object.keys(EMPTY_DRAFT) as (keyof ItemDraft)[];

function same(a: unknown, b: unknown) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The estate's categories, and while it has few, the starter ones (in the page's language). */
function withStarters(categories: string[], starters: string): string[] {
  if (categories.length >= 8) return categories;
  const known = new Set(categories.map((c) => c.toLocaleLowerCase()));
  const extra = starters.split(/[,،]/).map((c) => c.trim()).filter((c) => c && !known.has(c.toLocaleLowerCase()));
  return [...categories, ...extra];
}

/** The draft with the text still typed in a categories or tags field added to its list. */
function withTypedLabels(form: HTMLFormElement | null, draft: ItemDraft): ItemDraft {
  let next = draft;
  for (const field of ['categories', 'tags'] as const) {
    const typed = form?.querySelector<HTMLInputElement>(`input[data-labels="${field}"]`)?.value.trim();
    if (typed && !next[field].includes(typed)) next = { ...next, [field]: [...next[field], typed] };
  }
  return next;
}

/** The fields of `draft` that differ from `base` (what the person changed). */
export function changedFields(base: ItemDraft, draft: ItemDraft): Partial<ItemInput> {
  const input = draftToInput(draft);
  const original = draftToInput(base);
  const patch: Partial<ItemInput> = {};
  for (const field of FIELDS) {
    if (!same(input[field], original[field])) (patch as Record<string, unknown>)[field] = input[field];
  }
  return patch;
}

function validate(draft: ItemDraft, t: (key: string) => string): Partial<Record<keyof ItemDraft, string>> {
  const errors: Partial<Record<keyof ItemDraft, string>> = {};
  if (!draft.name.trim()) errors.name = t('catalogue:validation.name');
  if (draft.year && (Number(draft.year) < 0 || Number(draft.year) > 3000)) errors.year = t('catalogue:validation.year');
  if (draft.value && Number.isNaN(Number(draft.value.replace(',', '.')))) errors.value = t('catalogue:validation.value');
  if (!/^[A-Z]{3}$/.test(draft.currency)) errors.currency = t('catalogue:validation.currency');
  return errors;
}

type Conflict = { current: Item; mine: Partial<ItemInput> };

/**
 * Create or edit an item. A new item goes name → category → place → photos, then "Add another"
 * starts the next one in the same place: a few taps per item on a phone.
 */
export function ItemFormDialog({ estate, item, defaults, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { estateId } = estate;
  // A new item's value is in the estate's currency (the device's guess only until the estate is read).
  const estateCurrency = useEstateCurrency(estateId);
  const newCurrency = estateCurrency ?? defaultCurrency(i18n.language);
  const base = useMemo(
    () => (item ? itemToDraft(item) : { ...EMPTY_DRAFT, currency: newCurrency, ...defaults }),
    [item, defaults, newCurrency],
  );
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<ItemDraft>(base);
  const current = draft;
  const [baseline, setBaseline] = useState<ItemDraft>(base);
  // The estate's currency arrived after the form opened: an untouched currency follows it.
  const [seenCurrency, setSeenCurrency] = useState(newCurrency);
  if (!item && seenCurrency !== newCurrency) {
    setSeenCurrency(newCurrency);
    if (draft.currency === baseline.currency) setDraft((d) => ({ ...d, currency: newCurrency }));
    setBaseline((b) => ({ ...b, currency: newCurrency }));
  }
  const [version, setVersion] = useState(item?.version ?? 0);
  const [more, setMore] = useState(Boolean(item));
  const [errors, setErrors] = useState<Partial<Record<keyof ItemDraft, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [createdId, setCreatedId] = useState<string | null>(null);
  // Made with no network: kept on the phone (shared/offline/queue.ts) under this key.
  const [keptOffline, setKeptOffline] = useState<{ key: string; name: string } | null>(null);

  const locations = useLocations(estateId);
  const rooms = useRooms(estateId, draft.locationId);
  const labels = useLabels(estateId);
  const create = useCreateItem(estateId);
  const update = useUpdateItem(estateId);
  const created = useItem(estateId, createdId ?? '');
  // Names of other items in the same room, for "similar items need a number".
  const neighbours = useItemsList(estateId, { roomId: draft.roomId ?? undefined, locationId: draft.locationId ?? undefined });
  const otherNames = useMemo(
    () =>
      (neighbours.data?.pages.flatMap((p) => p.items) ?? [])
        .filter((i) => i.id !== item?.id && i.id !== createdId)
        .map((i) => i.name),
    [neighbours.data, item?.id, createdId],
  );
  const input = draftToInput(draft);
  const warnings = styleWarnings(input, { photoCount: item?.photos.length ?? 0, otherNames });

  const change = (patch: Partial<ItemDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors({});
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    // A category or tag still being typed when Save is pressed is kept, not lost.
    const draft = withTypedLabels(formRef.current, current);
    if (draft !== current) setDraft(draft);
    const input = draftToInput(draft);
    const found = validate(draft, t);
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length > 0) return;
    try {
      if (!item && !navigator.onLine) {
        const { keepChange } = await import('../../../shared/offline/queue');
        const kept = await keepChange({ kind: 'item', estateId, name: input.name, body: input });
        setKeptOffline({ key: kept.key, name: input.name });
        return;
      }
      if (!item) {
        const saved = await create.mutateAsync(input);
        setCreatedId(saved.id);
        return;
      }
      const patch = changedFields(baseline, draft);
      if (Object.keys(patch).length === 0) {
        onClose();
        return;
      }
      if (!navigator.onLine) {
        await keepEditOffline(item, patch);
        return;
      }
      await update.mutateAsync({ id: item.id, version, patch });
      notify(t('catalogue:form.saved'), 'success');
      onClose();
    } catch (error) {
      // The network went on the way (one bar in a cellar): the edit is kept like one made offline.
      if (item && isApiError(error) && error.status === 0) {
        await keepEditOffline(item, changedFields(baseline, draft));
        return;
      }
      if (item && isApiError(error) && error.status === 412) {
        const current = await fetchItem(estateId, item.id);
        setConflict({ current, mine: changedFields(baseline, draft) });
        return;
      }
      if (isApiError(error) && Object.keys(error.fields).length > 0) {
        setErrors(Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, v.startsWith('validation.') ? t(`catalogue:${v}`) : v])));
      }
      setProblem(errorMessage(error, t));
    }
  };

  /**
   * An edit with no network: kept on the phone with the version it was made on, sent when the
   * connection returns (shared/offline/queue.ts). The item shows the change meanwhile.
   */
  const keepEditOffline = async (item: Item, patch: Partial<ItemInput>) => {
    const { keepEdit } = await import('../../../shared/offline/queue');
    const placeNames: Record<string, string> = {};
    for (const place of [...(locations.data ?? []), ...(rooms.data ?? [])]) placeNames[place.id] = place.name;
    await keepEdit({ estateId, itemId: item.id, name: patch.name ?? item.name, version, body: patch, placeNames });
    const { value, ...rest } = patch;
    queryClient.setQueryData<Item>(queryKeys.item(estateId, item.id), (old) =>
      old ? { ...old, ...rest, ...(value !== undefined ? { value: value === null ? null : String(value) } : {}) } : old,
    );
    notify(t('stories:offline.editKept', { name: patch.name ?? item.name }), 'info');
    onClose();
  };

  /** After a conflict: take the current item as the new base and put the person's changes on top. */
  const reapply = () => {
    if (!conflict) return;
    const fresh = itemToDraft(conflict.current);
    const mine = itemToDraft({ ...conflict.current, ...conflict.mine } as Item);
    setBaseline(fresh);
    setDraft(mine);
    setVersion(conflict.current.version);
    setConflict(null);
  };
  const discard = () => {
    if (!conflict) return;
    const fresh = itemToDraft(conflict.current);
    setBaseline(fresh);
    setDraft(fresh);
    setVersion(conflict.current.version);
    setConflict(null);
  };

  const addAnother = () => {
    setCreatedId(null);
    setKeptOffline(null);
    const next = { ...EMPTY_DRAFT, currency: newCurrency, locationId: draft.locationId, roomId: draft.roomId, categories: [] };
    setDraft(next);
    setBaseline(next);
    create.reset();
  };

  const busy = create.isPending || update.isPending;
  const title = item ? t('catalogue:form.editTitle') : createdId ? t('catalogue:form.photosTitle') : t('catalogue:form.newTitle');

  return (
    <Dialog open onClose={onClose} fullScreen={phone} maxWidth="md" fullWidth aria-labelledby="item-form-title">
      {keptOffline ? (
        <>
          <DialogTitle id="item-form-title">{t('catalogue:form.photosTitle')}</DialogTitle>
          <DialogContent>
            <Suspense fallback={null}>
              <KeptItem estateId={estateId} itemKey={keptOffline.key} name={keptOffline.name} />
            </Suspense>
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={onClose} sx={{ minHeight: 48 }}>{t('catalogue:form.done')}</Button>
            <Button variant="contained" size="large" onClick={addAnother}>
              {t('catalogue:form.addAnother')}
            </Button>
          </DialogActions>
        </>
      ) : createdId ? (
        <>
          <DialogTitle id="item-form-title">{title}</DialogTitle>
          <DialogContent>
            <Typography sx={{ mb: 2 }}>
              {t('catalogue:form.createdText', { name: created.data?.name ?? input.name, label: created.data?.label ?? '' })}
            </Typography>
            {created.data && <PhotoManager estateId={estateId} item={created.data} />}
            {created.data && (
              <StyleWarnings
                warnings={styleWarnings(input, { photoCount: created.data.photos.length, otherNames })}
              />
            )}
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={() => void navigate(`/p/${estateId}/i/${createdId}`)}>{t('catalogue:form.openItem')}</Button>
            <Button onClick={onClose}>{t('catalogue:form.done')}</Button>
            <Button variant="contained" size="large" onClick={addAnother}>
              {t('catalogue:form.addAnother')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form ref={formRef} onSubmit={(e) => void save(e)} noValidate>
          <DialogTitle id="item-form-title">{title}</DialogTitle>
          <DialogContent>
            {conflict && (
              <Alert severity="warning" sx={{ mb: 2 }} role="alert">
                <Typography sx={{ fontWeight: 600 }}>{t('catalogue:conflict.title')}</Typography>
                <Typography variant="body2" sx={{ mb: 1 }}>
                  {t('catalogue:conflict.text')}
                </Typography>
                <Table size="small" aria-label={t('catalogue:conflict.title')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('catalogue:conflict.field')}</TableCell>
                      <TableCell>{t('catalogue:conflict.yours')}</TableCell>
                      <TableCell>{t('catalogue:conflict.now')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {Object.entries(conflict.mine).map(([field, value]) => (
                      <TableRow key={field}>
                        <TableCell>{t(`catalogue:fields.${field}`)}</TableCell>
                        <TableCell>{show(value)}</TableCell>
                        <TableCell>{show(conflict.current[field as keyof Item])}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
                <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
                  <Button variant="contained" onClick={reapply}>
                    {t('catalogue:conflict.reapply')}
                  </Button>
                  <Button onClick={discard}>
                    {t('catalogue:conflict.discard')}
                  </Button>
                </Box>
              </Alert>
            )}
            <ItemFields
              draft={draft}
              onChange={change}
              locations={locations.data ?? []}
              rooms={rooms.data ?? []}
              categories={withStarters(labels.data?.categories ?? [], t('catalogue:starterCategories'))}
              tags={labels.data?.tags ?? []}
              errors={errors}
              quick={!more}
            />
            {!more && (
              <Button onClick={() => setMore(true)} sx={{ mt: 1 }}>
                {t('catalogue:form.moreDetails')}
              </Button>
            )}
            <Collapse in={warnings.length > 0}>
              <StyleWarnings warnings={warnings} />
            </Collapse>
            {problem && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {problem}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('catalogue:common.cancel')}</Button>
            <Button type="submit" variant="contained" size="large" disabled={busy || Boolean(conflict)}>
              {item ? t('catalogue:common.save') : t('catalogue:form.saveAndPhotos')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.join(', ') || '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
