import { Suspense, useId, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Delete from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import PauseCircle from '@mui/icons-material/PauseCircleOutlined';
import PhotoLibrary from '@mui/icons-material/PhotoLibraryOutlined';
import Undo from '@mui/icons-material/UndoOutlined';
import Forum from '@mui/icons-material/ForumOutlined';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useMembers } from '../../../shared/api/members';
import { errorMessage } from '../../../shared/api/error-message';
import { isApiError } from '../../../shared/api/api-error';
import { formatDate } from '../../../shared/i18n/format';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { PageLayout } from '../../../shared/ui/page-layout';
import { RefusalNote } from '../../../shared/ui/refusable-button';
import { useOffer } from '../../../shared/ui/offer';
import { notify } from '../../../shared/ui/notify';
import { lazyNamed } from '../../../shared/ui/lazy-named';
import type { Decision } from '@estate/domain/permissions';
import { askAboutItem } from '../../../shared/chat/ask-about';
import { useConsentNeeded } from '../../../shared/api/consent';
import { ConsentCard } from '../../../shared/consent/consent-card';
import type { Item } from '@estate/domain/schemas/items';
import { Stage } from '@estate/domain/stages';
import { useDeleteItem, useItem, useLabels, useLocations, useMyApprovals, useRooms, useSetHold } from '../api';
import { useEstate, type EstateAccess } from '../use-estate';
import { ConfirmDialog } from '../components/confirm-dialog';
import { HeartButton } from '../components/heart-button';
import { ItemOutcomeCard } from '../components/item-outcome-card';
import { NotFoundNote } from '../components/not-found-note';
import { ReviewPanel } from '../components/review-panel';
import { ItemFlowBar } from '../components/item-flow-bar';
import { StatusChip } from '../components/status-chip';
import { StyleWarnings } from '../components/style-warnings';

const ItemFormDialog = lazyNamed(() => import('../components/item-form-dialog'), 'ItemFormDialog');
// Loaded when opened or needed, so the item page opens quickly on a phone (ADR 0004).
const PhotoManager = lazyNamed(() => import('../components/photo-manager'), 'PhotoManager');
const PhotoViewer = lazyNamed(() => import('../components/photo-viewer'), 'PhotoViewer');
const ValueEditor = lazyNamed(() => import('../components/value-editor'), 'ValueEditor');
// An item's history and "Ask about this result" (issue 30): loaded with their own code, after the item.
const ItemHistory = lazyNamed(() => import('../../../shared/activity/item-history'), 'ItemHistory');
const AskQuestion = lazyNamed(() => import('../../../shared/activity/ask-question'), 'AskQuestion');
const ItemStories = lazyNamed(() => import('../../../shared/stories/item-stories'), 'ItemStories');

/** `/p/:pid/i/:iid` (item detail) and `/p/:pid/a/:iid` (the same, opened at its assignment). */
export function ItemDetailPage() {
  const { t } = useTranslation();
  const estate = useEstate();
  const { iid = '' } = useParams();
  if (!estate) {
    return (
      <PageLayout title={t('catalogue:items.detailTitle')}>
        <NotFoundNote message={t('catalogue:items.notFound')} back="/i/" />
      </PageLayout>
    );
  }
  return <Detail estate={estate} itemId={iid} />;
}

function Detail({ estate, itemId }: { estate: EstateAccess; itemId: string }) {
  const { t } = useTranslation();
  const { estateId } = estate;
  const item = useItem(estateId, itemId);
  if (item.isPending) return <FullPageLoader />;
  if (item.isError) {
    return (
      <PageLayout title={t('catalogue:items.detailTitle')}>
        {isApiError(item.error) && (item.error.status === 404 || item.error.status === 400) ? (
          <NotFoundNote message={t('catalogue:items.notFound')} back={`/p/${estateId}/i`} />
        ) : (
          <Alert severity="error">{errorMessage(item.error, t)}</Alert>
        )}
      </PageLayout>
    );
  }
  return <ItemView estate={estate} item={item.data} />;
}

/**
 * One way to ask about an item at a time. Once the results are out (40) a beneficiary asks about the
 * item's result, a question the trustee answers on the record (disabled with why once the estate
 * is closed, or on the administrator's visit); before that, and for everyone else, "Ask about this
 * item" takes the item to the family's chat.
 */
const offersQuestion = (decision: Decision, stage: number) => (decision.ok || decision.reason !== 'role') && stage >= Stage.AssignmentCompleted;

function ItemView({ estate, item }: { estate: EstateAccess; item: Item }) {
  const { t, i18n } = useTranslation();
  const { estateId } = estate;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const assignmentView = pathname.includes('/a/');
  const [shown, setShown] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [photos, setPhotos] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [flagSignal, setFlagSignal] = useState(0);
  // While the correction form is open the bar stops floating over it (it has its own Send).
  const [correcting, setCorrecting] = useState(false);
  const locations = useLocations(estateId);
  const rooms = useRooms(estateId, item.locationId);
  const labels = useLabels(estateId);
  // Before the Terms and the Agreement are accepted, the page leads there instead of taking input.
  const consentNeeded = useConsentNeeded(estateId);
  const reviewing = estate.can('approval.set') && !consentNeeded;
  const approvals = useMyApprovals(estateId, reviewing);
  const remove = useDeleteItem(estateId);
  const setHold = useSetHold(estateId);
  // Offered to whoever's role may do it; past its stages (or in a closed estate) disabled, with why.
  const offer = useOffer(estate.stage);
  // Creators add: an asset creator changes and deletes only the items they added (photos: any item).
  const own = { addedByCaller: item.addedByYou };
  const edit = offer(estate.decide('item.update', own));
  const photosOffer = offer(estate.decide('photo.add'));
  const del = offer(estate.decide('item.delete', own));
  // Once the hearts' stage is over, the person's own choice stays in view, with why it is fixed now.
  const heartOffer = offer(estate.decide('interest.set'));
  const asksResult = offersQuestion(estate.decide('question.ask'), estate.stage);
  const heartsOver = heartOffer.shown && estate.stage > Stage.Interest ? heartOffer.refusal : null;
  const hold = offer(estate.decide('item.hold'));
  const storyOffer = offer(estate.decide('story.add'));
  const canEdit = edit.shown && !edit.refusal;
  const holdable = hold.shown && (item.status === 'unassigned' || item.status === 'hold');
  const actionsRefusal = [edit, photosOffer, del, ...(holdable ? [hold] : [])].find((o) => o.shown && o.refusal)?.refusal ?? null;
  const refusalId = useId();
  // Trustees take an unassigned item out of the pool (Hold) and put it back.
  const setAside = item.status === 'unwanted' || item.status === 'hold';
  const members = useMembers(estateId, Boolean(item.assignment));

  const featured = item.photos.find((p) => p.id === (shown ?? item.featuredPhotoId)) ?? item.photos[0];
  const location = locations.data?.find((l) => l.id === item.locationId);
  const room = rooms.data?.find((r) => r.id === item.roomId);
  const receiver = members.data?.find((m) => m.id === item.assignment?.memberId);

  const facts: [string, string][] = [
    [t('catalogue:fields.number'), item.label],
    [t('catalogue:fields.location'), [location?.name, room?.name].filter(Boolean).join(' › ') || '—'],
    [t('catalogue:fields.categories'), item.categories.join(', ') || '—'],
    [t('catalogue:fields.brand'), item.brand || '—'],
    [t('catalogue:fields.model'), item.model || '—'],
    [t('catalogue:fields.year'), item.year === null ? '—' : String(item.year)],
    [t('catalogue:fields.giver'), item.giver || '—'],
    [t('catalogue:fields.owners'), item.owners || '—'],
    [
      t('catalogue:fields.value'),
      item.value === null
        ? '—'
        : new Intl.NumberFormat(i18n.language, { style: 'currency', currency: item.currency }).format(Number(item.value)),
    ],
    [t('catalogue:fields.distribution'), t(`catalogue:distribution.${item.distribution}`)],
    [t('catalogue:fields.tags'), item.tags.join(', ') || '—'],
  ];

  const assignment = item.assignment && (
    <Card variant="outlined" sx={{ mb: 2, borderColor: 'success.main' }} id="assignment">
      <CardContent>
        <Typography component="h2" variant="h6">
          {t('catalogue:assignment.title')}
        </Typography>
        <Typography sx={{ mt: 1 }}>
          {t('catalogue:assignment.to', { name: receiver?.displayName ?? '…' })}
        </Typography>
        {item.assignment.reason && (
          <Typography color="text.secondary">
            {t(`catalogue:assignment.reasons.${item.assignment.reason}`, { defaultValue: item.assignment.reason })}
          </Typography>
        )}
        <AssignmentDetail detail={item.assignment.detail} />
        {item.assignment.at && (
          <Typography variant="body2" color="text.secondary">
            {formatDate(item.assignment.at, i18n.language)}
          </Typography>
        )}
      </CardContent>
    </Card>
  );

  return (
    <PageLayout
      title={item.name}
      subtitle={
        <Breadcrumbs aria-label={t('catalogue:common.breadcrumbs')} component="span">
          <Link component={RouterLink} to={`/p/${estateId}/i`}>
            {t('catalogue:items.title')}
          </Link>
          {location && room && (
            <Link component={RouterLink} to={`/p/${estateId}/l/${location.id}/r/${room.id}/i`}>
              {room.name}
            </Link>
          )}
          <span>{item.label}</span>
        </Breadcrumbs>
      }
      actions={
        (edit.shown || photosOffer.shown || holdable || del.shown) && (
          <>
            {edit.shown && (
              <Button variant="contained" startIcon={<Edit />} onClick={() => setEditing(true)} sx={{ minHeight: 48 }} disabled={Boolean(edit.refusal)} aria-describedby={edit.refusal ? refusalId : undefined}>
                {t('catalogue:common.edit')}
              </Button>
            )}
            {photosOffer.shown && (
              <Button variant="outlined" startIcon={<PhotoLibrary />} onClick={() => setPhotos(true)} sx={{ minHeight: 48 }} disabled={Boolean(photosOffer.refusal)} aria-describedby={photosOffer.refusal ? refusalId : undefined}>
                {t('catalogue:photos.manage')}
              </Button>
            )}
            {holdable && (
              <Button
                variant="outlined"
                startIcon={item.status === 'hold' ? <Undo /> : <PauseCircle />}
                sx={{ minHeight: 48 }}
                disabled={setHold.isPending || Boolean(hold.refusal)}
                aria-describedby={hold.refusal ? refusalId : undefined}
                onClick={() =>
                  setHold.mutate(
                    { id: item.id, version: item.version, hold: item.status !== 'hold' },
                    { onError: (e) => notify(errorMessage(e, t), 'error') },
                  )
                }
              >
                {item.status === 'hold' ? t('catalogue:items.release') : t('catalogue:items.hold')}
              </Button>
            )}
            {del.shown && (
              <Button color="error" startIcon={<Delete />} onClick={() => setDeleting(true)} sx={{ minHeight: 48 }} disabled={Boolean(del.refusal)} aria-describedby={del.refusal ? refusalId : undefined}>
                {t('catalogue:common.delete')}
              </Button>
            )}
            {actionsRefusal && <RefusalNote id={refusalId}>{actionsRefusal}</RefusalNote>}
          </>
        )
      }
    >
      {assignmentView &&
        (assignment ??
          (setAside && estate.can('disposition.view') ? (
            <ItemOutcomeCard estate={estate} item={item} />
          ) : (
            <Alert severity="info" sx={{ mb: 2 }}>{t('catalogue:assignment.none')}</Alert>
          )))}
      <ConsentCard estateId={estateId} />
      {reviewing && (
        <ReviewPanel
          key={item.version}
          estateId={estateId}
          item={item}
          mine={approvals.data?.find((a) => a.itemId === item.id)}
          categories={labels.data?.categories ?? []}
          flagSignal={flagSignal}
          onFormOpen={setCorrecting}
        />
      )}
      {/* minmax(0, …): the row of thumbnails scrolls inside its column instead of widening it. */}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
        <Box>
          <Box
            sx={{
              bgcolor: 'action.hover',
              borderRadius: 2,
              overflow: 'hidden',
              aspectRatio: '4 / 3',
              display: 'grid',
              placeItems: 'center',
            }}
          >
            {featured ? (
              <Box
                component="button"
                type="button"
                onClick={() => setViewing(item.photos.indexOf(featured))}
                aria-label={t('catalogue:photos.open', { n: item.photos.indexOf(featured) + 1 })}
                data-testid="photo-open"
                sx={{ p: 0, border: 0, bgcolor: 'transparent', width: '100%', height: '100%', cursor: 'zoom-in', display: 'block' }}
              >
                <Box
                  component="img"
                  src={featured.previewUrl}
                  alt={t('catalogue:photos.alt', { n: item.photos.indexOf(featured) + 1, name: item.name })}
                  sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
                />
              </Box>
            ) : (
              <Box sx={{ textAlign: 'center', color: 'text.secondary' }}>
                <ImageOutlined sx={{ fontSize: 64 }} aria-hidden="true" />
                <Typography>{t('catalogue:photos.none')}</Typography>
              </Box>
            )}
          </Box>
          {item.photos.length > 1 && (
            <Box sx={{ display: 'flex', gap: 1, mt: 1, overflowX: 'auto', pb: 1 }} aria-label={t('catalogue:photos.title')} role="group">
              {item.photos.map((photo, index) => (
                <Box
                  key={photo.id}
                  component="button"
                  type="button"
                  onClick={() => setShown(photo.id)}
                  aria-pressed={photo.id === featured?.id}
                  aria-label={t('catalogue:photos.show', { n: index + 1 })}
                  sx={{
                    p: 0,
                    border: 2,
                    borderColor: photo.id === featured?.id ? 'primary.main' : 'transparent',
                    borderRadius: 1,
                    overflow: 'hidden',
                    cursor: 'pointer',
                    flex: '0 0 auto',
                    bgcolor: 'transparent',
                  }}
                >
                  <Box component="img" src={photo.thumbUrl} alt="" sx={{ width: 72, height: 72, objectFit: 'cover', display: 'block' }} />
                </Box>
              ))}
            </Box>
          )}
        </Box>
        <Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
            <StatusChip status={item.status} distribution={item.distribution} />
            {item.status === 'unassigned' && <Chip size="small" variant="outlined" label={t('catalogue:status.unassigned')} />}
            {item.highInterest && <Chip size="small" color="secondary" label={t('catalogue:items.highInterest')} />}
            <Box sx={{ flex: 1 }} />
            {/* The labelled heart is in the bar at the bottom; here, how many are interested. */}
            <HeartButton estateId={estateId} item={item} enabled={false} size="large" />
          </Box>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(110px, auto) 1fr', columnGap: 2, rowGap: 1 }}>
            {facts.map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  <bdi>{value}</bdi>
                </Typography>
              </Box>
            ))}
          </Box>
          {estate.can('chat.post') && !asksResult && (
            <Button
              variant="outlined"
              startIcon={<Forum />}
              sx={{ minHeight: 48, mt: 2 }}
              onClick={() => {
                const photo = item.photos.find((p) => p.id === item.featuredPhotoId) ?? item.photos[0];
                askAboutItem({ estateId, id: item.id, name: item.name, label: item.label, thumbUrl: photo?.thumbUrl ?? null });
              }}
            >
              {t('chat:askAbout')}
            </Button>
          )}
          {estate.can('item.appraise') && (
            <Suspense fallback={null}>
              <ValueEditor key={item.version} estateId={estateId} item={item} />
            </Suspense>
          )}
          {item.notes && (
            <Box sx={{ mt: 2 }}>
              <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
                {t('catalogue:fields.notes')}
              </Typography>
              <Typography dir="auto" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {item.notes}
              </Typography>
            </Box>
          )}
          {canEdit && <StyleWarnings warnings={item.warnings} />}
          {!assignmentView && assignment}
          {/* What became of it after the results: hand-over, or (unwanted, held) the trustee's decision. */}
          {!(assignmentView && setAside) && <ItemOutcomeCard estate={estate} item={item} />}
          <Suspense fallback={null}>
            {asksResult && <AskQuestion estateId={estateId} item={item} decision={estate.decide('question.ask')} />}
            {estate.can('story.view') && <ItemStories estateId={estateId} itemId={item.id} itemName={item.name} canAdd={storyOffer.shown && !storyOffer.refusal} addRefusal={storyOffer.shown ? storyOffer.refusal : null} />}
            {estate.can('item.history') && <ItemHistory estateId={estateId} itemId={item.id} />}
          </Suspense>
        </Box>
      </Box>
      <ItemFlowBar
        estateId={estateId}
        item={item}
        mine={approvals.data?.find((a) => a.itemId === item.id)}
        reviewing={reviewing}
        hearting={estate.can('interest.set') && !consentNeeded}
        heartsOver={heartsOver}
        onFlag={() => setFlagSignal((n) => n + 1)}
        docked={!correcting}
      />

      {viewing !== null && (
        <Suspense fallback={null}>
          <PhotoViewer photos={item.photos} start={viewing} itemName={item.name} onClose={() => setViewing(null)} />
        </Suspense>
      )}
      {editing && (
        <Suspense fallback={null}>
          <ItemFormDialog estate={estate} item={item} onClose={() => setEditing(false)} />
        </Suspense>
      )}
      <Dialog open={photos} onClose={() => setPhotos(false)} fullScreen={phone} maxWidth="md" fullWidth aria-labelledby="photos-title">
        <DialogTitle id="photos-title">{t('catalogue:photos.manage')}</DialogTitle>
        <DialogContent>
          <Suspense fallback={<FullPageLoader />}>
            <PhotoManager estateId={estateId} item={item} />
          </Suspense>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setPhotos(false)}>
            {t('catalogue:form.done')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={deleting}
        danger
        title={t('catalogue:items.deleteTitle', { name: item.name })}
        confirmLabel={t('catalogue:common.delete')}
        busy={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(item.id, {
            onSuccess: () => {
              notify(t('catalogue:items.deleted'), 'success');
              void navigate(`/p/${estateId}/i`, { replace: true });
            },
            onError: (e) => {
              notify(errorMessage(e, t), 'error');
              setDeleting(false);
            },
          })
        }
      >
        <Typography>{t('catalogue:items.deleteText')}</Typography>
      </ConfirmDialog>
    </PageLayout>
  );
}

/** Round and pick (high-interest draw) or tokens and tie (remaining items), when recorded. */
function AssignmentDetail({ detail }: { detail: Record<string, unknown> | null }) {
  const { t } = useTranslation();
  if (!detail) return null;
  const parts: string[] = [];
  if (typeof detail.round === 'number') parts.push(t('catalogue:assignment.round', { n: detail.round }));
  if (typeof detail.pick === 'number') parts.push(t('catalogue:assignment.pick', { n: detail.pick }));
  if (typeof detail.tokens === 'number') parts.push(t('catalogue:assignment.tokens', { count: detail.tokens }));
  if (detail.tied === true) parts.push(t('catalogue:assignment.tied'));
  if (parts.length === 0) return null;
  return <Typography color="text.secondary">{parts.join(' · ')}</Typography>;
}
