import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import MoreVert from '@mui/icons-material/MoreVert';
import Place from '@mui/icons-material/PlaceOutlined';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { isApiError } from '../../../shared/api/api-error';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { PageLayout } from '../../../shared/ui/page-layout';
import { RefusableButton } from '../../../shared/ui/refusable-button';
import { offerOf, useOffer, type Offer } from '../../../shared/ui/offer';
import { notify } from '../../../shared/ui/notify';
import type { Location } from '@estate/domain/schemas/locations';
import { useDeleteLocation, useLocations, useSaveLocation } from '../api';
import { useEstate } from '../use-estate';
import { usePolicy } from '../../../shared/session/actor';
import { useSession } from '../../../shared/session/session-context';
import { ConfirmDialog } from '../components/confirm-dialog';
import { NameDialog } from '../components/name-dialog';
import { LocationSettingsDialog } from '../components/location-settings-dialog';
import { NotFoundNote } from '../components/not-found-note';

export const DEFAULT_COLOR = '#5b7083';

/** `/p/:pid/l` (and `/p`): the estate's locations as cards, with counts and their colour. */
export function LocationsPage() {
  const { t } = useTranslation();
  const estate = useEstate();
  if (!estate) {
    return (
      <PageLayout title={t('catalogue:locations.title')}>
        <NotFoundNote message={t('catalogue:locations.noEstate')} back="/i/" />
      </PageLayout>
    );
  }
  return <Locations estateId={estate.estateId} add={offerOf(estate.decide('location.create'), estate.stage, t)} />;
}

type Dialogs =
  | { kind: 'create' }
  | { kind: 'rename'; location: Location }
  | { kind: 'delete'; location: Location }
  | { kind: 'settings'; location: Location }
  | null;

/** `add`: whether and how "Add a place" is offered; the places' own menus follow it (`manage`). */
function Locations({ estateId, add }: { estateId: string; add: Offer }) {
  const { t } = useTranslation();
  const manage = add.shown && !add.refusal;
  // Creators add: renaming, settings and deleting a place are theirs only for places they added.
  const policy = usePolicy(estateId);
  const meId = useSession().me?.user.id;
  const offer = useOffer(policy.actor?.stage ?? 0);
  const change = (location: Location) => offer(policy.decide('location.manage', { addedByCaller: location.createdBy != null && location.createdBy === meId }));
  const locations = useLocations(estateId);
  const save = useSaveLocation(estateId);
  const remove = useDeleteLocation(estateId);
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; location: Location } | null>(null);
  const close = () => {
    setDialog(null);
    save.reset();
    remove.reset();
  };
  const openFromMenu = (kind: 'rename' | 'delete' | 'settings') => {
    if (menu) setDialog({ kind, location: menu.location });
    setMenu(null);
  };

  return (
    <PageLayout
      title={t('catalogue:locations.title')}
      subtitle={t('catalogue:locations.subtitle')}
      actions={
        add.shown && (
          <RefusableButton variant="contained" startIcon={<Add />} onClick={() => setDialog({ kind: 'create' })} refusal={add.refusal}>
            {t('catalogue:locations.add')}
          </RefusableButton>
        )
      }
    >
      {locations.isPending && <FullPageLoader />}
      {locations.isError && <Alert severity="error">{errorMessage(locations.error, t)}</Alert>}
      {locations.data?.length === 0 && (
        <Card variant="outlined">
          <EmptyState
            icon={<Place />}
            title={t('catalogue:locations.empty.title')}
            action={
              manage && (
                <Button
                  variant="contained"
                  size="large"
                  startIcon={<Add />}
                  onClick={() => setDialog({ kind: 'create' })}
                >
                  {t('catalogue:locations.add')}
                </Button>
              )
            }
          >
            {manage ? t('catalogue:locations.empty.manage') : t('catalogue:locations.empty.read')}
          </EmptyState>
        </Card>
      )}
      {locations.data && locations.data.length > 0 && (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
          }}
        >
          {locations.data.map((location) => (
            <Box component="li" key={location.id}>
              <Card
                variant="outlined"
                // The location's colour as a stripe at the start (a border needs its style too, or it is not drawn).
                sx={{
                  display: 'flex',
                  borderInlineStartWidth: 6,
                  borderInlineStartStyle: 'solid',
                  borderInlineStartColor: location.settings.color ?? DEFAULT_COLOR,
                }}
              >
                <CardActionArea
                  component={RouterLink}
                  to={`/p/${estateId}/l/${location.id}/r`}
                  sx={{ flex: 1 }}
                >
                  <CardContent>
                    <Typography component="h2" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
                      {location.name}
                    </Typography>
                    <Typography color="text.secondary">
                      {t('catalogue:locations.counts', {
                        rooms: location.roomCount,
                        items: location.itemCount,
                      })}
                    </Typography>
                  </CardContent>
                </CardActionArea>
                <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', px: 0.5 }}>
                  <IconButton
                    aria-label={t('catalogue:locations.actionsFor', { name: location.name })}
                    onClick={(e) => setMenu({ anchor: e.currentTarget, location })}
                  >
                    <MoreVert />
                  </IconButton>
                </Box>
              </Card>
            </Box>
          ))}
        </Box>
      )}

      <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={() => setMenu(null)}>
        {menu && (
          <MenuItem component={RouterLink} to={`/p/${estateId}/l/${menu.location.id}/r`}>
            {t('catalogue:rooms.title')}
          </MenuItem>
        )}
        {menu && (
          <MenuItem component={RouterLink} to={`/p/${estateId}/i?locationId=${menu.location.id}`}>
            {t('catalogue:locations.viewItems')}
          </MenuItem>
        )}
        {menu && (
          <MenuItem component={RouterLink} to={`/apps/scrumboard/boards/${menu.location.id}`}>
            {t('catalogue:board.open')}
          </MenuItem>
        )}
        {manage && menu && <MenuItem disabled={Boolean(change(menu.location).refusal)} onClick={() => openFromMenu('rename')}>{t('catalogue:common.rename')}</MenuItem>}
        {manage && menu && (
          <MenuItem disabled={Boolean(change(menu.location).refusal)} onClick={() => openFromMenu('settings')}>
            {t('catalogue:locations.settings.title')}
          </MenuItem>
        )}
        {manage && menu && <MenuItem disabled={Boolean(change(menu.location).refusal)} onClick={() => openFromMenu('delete')}>{t('catalogue:common.delete')}</MenuItem>}
        {manage && menu && change(menu.location).refusal && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1, maxWidth: 280 }} data-testid="place-refusal">
            {change(menu.location).refusal}
          </Typography>
        )}
      </Menu>

      {dialog?.kind === 'create' && (
        <NameDialog
          title={t('catalogue:locations.add')}
          label={t('catalogue:locations.name')}
          busy={save.isPending}
          error={save.error ? errorMessage(save.error, t) : undefined}
          onClose={close}
          onSave={(name) => save.mutate({ name }, { onSuccess: close })}
        />
      )}
      {dialog?.kind === 'rename' && (
        <NameDialog
          title={t('catalogue:common.rename')}
          label={t('catalogue:locations.name')}
          initial={dialog.location.name}
          busy={save.isPending}
          error={save.error ? errorMessage(save.error, t) : undefined}
          onClose={close}
          onSave={(name) => save.mutate({ id: dialog.location.id, name }, { onSuccess: close })}
        />
      )}
      {dialog?.kind === 'settings' && (
        <LocationSettingsDialog
          location={dialog.location}
          busy={save.isPending}
          error={save.error ? errorMessage(save.error, t) : undefined}
          onClose={close}
          onSave={(settings) => save.mutate({ id: dialog.location.id, settings }, { onSuccess: close })}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          open
          danger
          title={t('catalogue:locations.deleteTitle', { name: dialog.location.name })}
          confirmLabel={t('catalogue:common.delete')}
          busy={remove.isPending}
          onClose={close}
          onConfirm={() =>
            remove.mutate(dialog.location.id, {
              onSuccess: () => {
                notify(t('catalogue:locations.deleted'), 'success');
                close();
              },
              onError: (error) => {
                notify(
                  isApiError(error) && error.status === 409
                    ? t('catalogue:locations.notEmpty')
                    : errorMessage(error, t),
                  'error',
                );
                close();
              },
            })
          }
        >
          <Typography>{t('catalogue:locations.deleteText')}</Typography>
        </ConfirmDialog>
      )}
    </PageLayout>
  );
}
