import { useId, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import MeetingRoom from '@mui/icons-material/MeetingRoomOutlined';
import ViewColumn from '@mui/icons-material/ViewColumnOutlined';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { isApiError } from '../../../shared/api/api-error';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { PageLayout } from '../../../shared/ui/page-layout';
import { RefusableButton } from '../../../shared/ui/refusable-button';
import { offerOf, useOffer, type Offer } from '../../../shared/ui/offer';
import { usePolicy } from '../../../shared/session/actor';
import { useSession } from '../../../shared/session/session-context';
import { notify } from '../../../shared/ui/notify';
import type { Room } from '@estate/domain/schemas/locations';
import { useDeleteRoom, useLocations, useRooms, useSaveRoom } from '../api';
import { useEstate } from '../use-estate';
import { ConfirmDialog } from '../components/confirm-dialog';
import { NameDialog } from '../components/name-dialog';
import { NotFoundNote } from '../components/not-found-note';

/** `/p/:pid/l/:lid/r`: the rooms of one location. */
export function RoomsPage() {
  const { t } = useTranslation();
  const estate = useEstate();
  const { lid = '' } = useParams();
  if (!estate) {
    return (
      <PageLayout title={t('catalogue:rooms.title')}>
        <NotFoundNote message={t('catalogue:locations.notFound')} back="/i/" />
      </PageLayout>
    );
  }
  return <Rooms estateId={estate.estateId} locationId={lid} add={offerOf(estate.decide('location.create'), estate.stage, t)} />;
}

type Dialogs = { kind: 'create' } | { kind: 'rename'; room: Room } | { kind: 'delete'; room: Room } | null;

function Rooms({ estateId, locationId, add }: { estateId: string; locationId: string; add: Offer }) {
  const { t } = useTranslation();
  const manage = add.shown && !add.refusal;
  // Creators add: renaming and deleting a room are theirs only for rooms they added.
  const policy = usePolicy(estateId);
  const meId = useSession().me?.user.id;
  const offer = useOffer(policy.actor?.stage ?? 0);
  const change = (room: Room) => offer(policy.decide('location.manage', { addedByCaller: room.createdBy != null && room.createdBy === meId }));
  const refusalId = useId();
  const locations = useLocations(estateId);
  const location = locations.data?.find((l) => l.id === locationId);
  const rooms = useRooms(estateId, location ? locationId : null);
  const save = useSaveRoom(estateId, locationId);
  const remove = useDeleteRoom(estateId, locationId);
  const [dialog, setDialog] = useState<Dialogs>(null);
  const close = () => {
    setDialog(null);
    save.reset();
  };

  if (locations.isPending) return <FullPageLoader />;
  if (!location) {
    return (
      <PageLayout title={t('catalogue:rooms.title')}>
        {locations.isError ? (
          <Alert severity="error">{errorMessage(locations.error, t)}</Alert>
        ) : (
          <NotFoundNote message={t('catalogue:locations.notFound')} back={`/p/${estateId}/l`} />
        )}
      </PageLayout>
    );
  }

  const addButton = add.shown && (
    <RefusableButton variant="contained" startIcon={<Add />} onClick={() => setDialog({ kind: 'create' })} refusal={add.refusal}>
      {t('catalogue:rooms.add')}
    </RefusableButton>
  );

  return (
    <PageLayout
      title={location.name}
      subtitle={
        <Breadcrumbs aria-label={t('catalogue:common.breadcrumbs')} component="span">
          <Link component={RouterLink} to={`/p/${estateId}/l`}>
            {t('catalogue:locations.title')}
          </Link>
          <span>{t('catalogue:rooms.title')}</span>
        </Breadcrumbs>
      }
      actions={
        <>
          <Button component={RouterLink} to={`/apps/scrumboard/boards/${locationId}`} variant="outlined" startIcon={<ViewColumn />}>
            {t('catalogue:board.open')}
          </Button>
          {addButton}
        </>
      }
    >
      {rooms.isPending && <FullPageLoader />}
      {rooms.isError && <Alert severity="error">{errorMessage(rooms.error, t)}</Alert>}
      {rooms.data?.length === 0 && (
        <Card variant="outlined">
          <EmptyState icon={<MeetingRoom />} title={t('catalogue:rooms.empty.title')} action={addButton}>
            {manage ? t('catalogue:rooms.empty.manage') : t('catalogue:rooms.empty.read')}
          </EmptyState>
        </Card>
      )}
      {manage && rooms.data?.some((room) => change(room).refusal) && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} id={refusalId}>
          {t('common:refused.notTheirs')}
        </Typography>
      )}
      {rooms.data && rooms.data.length > 0 && (
        <Card variant="outlined">
          <List disablePadding>
            {rooms.data.map((room) => (
              <ListItem
                key={room.id}
                divider
                disablePadding
                secondaryAction={
                  manage && (
                    <Box sx={{ display: 'flex' }}>
                      <IconButton
                        aria-label={t('catalogue:rooms.renameNamed', { name: room.name })}
                        onClick={() => setDialog({ kind: 'rename', room })}
                        disabled={Boolean(change(room).refusal)}
                        aria-describedby={change(room).refusal ? refusalId : undefined}
                      >
                        <Edit />
                      </IconButton>
                      <IconButton
                        aria-label={t('catalogue:rooms.deleteNamed', { name: room.name })}
                        onClick={() => setDialog({ kind: 'delete', room })}
                        disabled={Boolean(change(room).refusal)}
                        aria-describedby={change(room).refusal ? refusalId : undefined}
                      >
                        <Delete />
                      </IconButton>
                    </Box>
                  )
                }
              >
                <ListItemButton
                  component={RouterLink}
                  to={`/p/${estateId}/l/${locationId}/r/${room.id}/i`}
                  sx={{ minHeight: 56, paddingInlineEnd: manage ? '104px' : undefined }}
                >
                  <ListItemText
                    primary={room.name}
                    secondary={t('catalogue:rooms.itemCount', { count: room.itemCount })}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Card>
      )}

      {dialog?.kind === 'create' && (
        <NameDialog
          title={t('catalogue:rooms.add')}
          label={t('catalogue:rooms.name')}
          busy={save.isPending}
          error={save.error ? errorMessage(save.error, t) : undefined}
          onClose={close}
          onSave={(name) => save.mutate({ name }, { onSuccess: close })}
        />
      )}
      {dialog?.kind === 'rename' && (
        <NameDialog
          title={t('catalogue:common.rename')}
          label={t('catalogue:rooms.name')}
          initial={dialog.room.name}
          busy={save.isPending}
          error={save.error ? errorMessage(save.error, t) : undefined}
          onClose={close}
          onSave={(name) => save.mutate({ id: dialog.room.id, name }, { onSuccess: close })}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          open
          danger
          title={t('catalogue:rooms.deleteTitle', { name: dialog.room.name })}
          confirmLabel={t('catalogue:common.delete')}
          busy={remove.isPending}
          onClose={close}
          onConfirm={() =>
            remove.mutate(dialog.room.id, {
              onSuccess: () => {
                notify(t('catalogue:rooms.deleted'), 'success');
                close();
              },
              onError: (error) => {
                notify(
                  isApiError(error) && error.status === 409 ? t('catalogue:rooms.notEmpty') : errorMessage(error, t),
                  'error',
                );
                close();
              },
            })
          }
        >
          <Typography>{t('catalogue:rooms.deleteText')}</Typography>
        </ConfirmDialog>
      )}
    </PageLayout>
  );
}
