import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import PictureAsPdf from '@mui/icons-material/PictureAsPdfOutlined';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import Description from '@mui/icons-material/DescriptionOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import UploadFile from '@mui/icons-material/UploadFileOutlined';
import CreateNewFolder from '@mui/icons-material/CreateNewFolderOutlined';
import FolderOpen from '@mui/icons-material/FolderOpenOutlined';
import { previewable } from '@estate/domain/consent';
import type { DocumentFolder, EstateDocument } from '@estate/domain/schemas/documents';
import { downloadDocument, openDocument, useDocuments } from '../../../shared/api/documents';
import { errorMessage } from '../../../shared/api/error-message';
import { formatDate } from '../../../shared/i18n/format';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { usePolicy } from '../../../shared/session/actor';
import { currentMembership } from '../../../shared/session/current-estate';
import { useSession } from '../../../shared/session/session-context';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { notify } from '../../../shared/ui/notify';
import { PageLayout } from '../../../shared/ui/page-layout';
import { RefusalNote } from '../../../shared/ui/refusable-button';
import { offerOf } from '../../../shared/ui/offer';
import { DeleteDialog, DeleteFolderDialog, EditDialog, FolderDialog, UploadDialog } from '../components/dialogs';
import { formatSize } from '../components/format';

const KIND_ICONS = { pdf: PictureAsPdf, image: ImageIcon, office: Description };

function DocumentRow({ estateId, doc, manage, onEdit, onDelete }: { estateId: string; doc: EstateDocument; manage: boolean; onEdit: () => void; onDelete: () => void }) {
  const { t, i18n } = useTranslation('documents');
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const Icon = KIND_ICONS[doc.kind];
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      notify(errorMessage(error, t), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper component="li" variant="outlined" data-testid="document" sx={{ p: 2, display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Icon color="action" sx={{ mt: 0.25 }} aria-hidden="true" />
      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} dir="auto">
          {doc.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('meta', { kind: t(`kind.${doc.kind}`), size: formatSize(doc.size, i18n.language), date: formatDate(doc.createdAt, i18n.language) })}
        </Typography>
        {manage && <Chip size="small" variant="outlined" sx={{ mt: 1 }} label={t(`access.${doc.accessLevel}`)} />}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', marginInlineStart: 'auto' }}>
        {previewable(doc.contentType) && (
          <Button variant="outlined" disabled={busy} onClick={() => void run(() => openDocument(estateId, doc))} sx={{ minHeight: 48 }} aria-label={`${t('open')}: ${doc.name}`}>
            {t('open')}
          </Button>
        )}
        <Button disabled={busy} onClick={() => void run(() => downloadDocument(estateId, doc))} sx={{ minHeight: 48 }} aria-label={`${t('download')}: ${doc.name}`}>
          {t('download')}
        </Button>
        {manage && (
          <>
            <IconButton aria-label={t('moreFor', { name: doc.name })} onClick={(e) => setMenu(e.currentTarget)} sx={{ width: 48, height: 48 }}>
              <MoreVert />
            </IconButton>
            <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
              <MenuItem
                sx={{ minHeight: 48 }}
                onClick={() => {
                  setMenu(null);
                  onEdit();
                }}
              >
                {t('edit')}
              </MenuItem>
              <MenuItem
                sx={{ minHeight: 48, color: 'error.main' }}
                onClick={() => {
                  setMenu(null);
                  onDelete();
                }}
              >
                {t('delete')}
              </MenuItem>
            </Menu>
          </>
        )}
      </Box>
    </Paper>
  );
}

type Dialogs =
  | { kind: 'upload' }
  | { kind: 'edit'; doc: EstateDocument }
  | { kind: 'delete'; doc: EstateDocument }
  | { kind: 'folder'; folder: DocumentFolder | null }
  | { kind: 'delete-folder'; folder: DocumentFolder }
  | null;

/** `/files`: the estate's document vault. Everyone sees what they may; trustees keep it. */
export function DocumentsPage() {
  const { t } = useTranslation('documents');
  const { me } = useSession();
  const estateId = currentMembership(me)?.estateId ?? null;
  const policy = usePolicy(estateId);
  const manageOffer = offerOf(policy.decide('document.manage'), policy.actor?.stage ?? 0, t);
  const manage = manageOffer.shown && !manageOffer.refusal;
  const refusalId = useId();
  const vault = useDocuments(estateId);
  const [params, setParams] = useSearchParams();
  const [dialog, setDialog] = useState<Dialogs>(null);
  const folders = vault.data?.folders ?? [];
  const folderId = folders.some((f) => f.id === params.get('folder')) ? params.get('folder') : null;
  const folder = folders.find((f) => f.id === folderId) ?? null;
  const docs = (vault.data?.documents ?? []).filter((d) => !folderId || d.folderId === folderId);
  const count = (id: string) => (vault.data?.documents ?? []).filter((d) => d.folderId === id).length;
  const choose = (id: string | null) => setParams(id ? { folder: id } : {}, { replace: true });

  return (
    <PageLayout
      title={t('title')}
      subtitle={t('subtitle')}
      maxWidth={960}
      actions={
        manageOffer.shown && estateId ? (
          <>
            <Button variant="contained" startIcon={<UploadFile />} onClick={() => setDialog({ kind: 'upload' })} sx={{ minHeight: 48 }} disabled={!manage} aria-describedby={manage ? undefined : refusalId}>
              {t('upload')}
            </Button>
            <Button variant="outlined" startIcon={<CreateNewFolder />} onClick={() => setDialog({ kind: 'folder', folder: null })} sx={{ minHeight: 48 }} disabled={!manage} aria-describedby={manage ? undefined : refusalId}>
              {t('newFolder')}
            </Button>
            {manageOffer.refusal && <RefusalNote id={refusalId}>{manageOffer.refusal}</RefusalNote>}
          </>
        ) : undefined
      }
    >
      {!estateId && <EmptyState title={t('noEstate')} />}
      {estateId && vault.isPending && <FullPageLoader />}
      {vault.isError && <Alert severity="error">{errorMessage(vault.error, t)}</Alert>}
      {vault.data && folders.length > 0 && (
        <Box component="nav" aria-label={t('folders')} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
          <Chip label={t('all')} color={folderId ? 'default' : 'primary'} onClick={() => choose(null)} sx={{ minHeight: 40 }} aria-pressed={!folderId} />
          {folders.map((f) => (
            <Chip
              key={f.id}
              icon={<FolderOpen />}
              label={`${f.name} (${count(f.id)})`}
              color={folderId === f.id ? 'primary' : 'default'}
              onClick={() => choose(f.id)}
              sx={{ minHeight: 40 }}
              aria-pressed={folderId === f.id}
            />
          ))}
        </Box>
      )}
      {manage && folder && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
          <Button onClick={() => setDialog({ kind: 'folder', folder })} sx={{ minHeight: 48 }}>
            {t('folderDialog.rename')}
          </Button>
          <Button color="error" onClick={() => setDialog({ kind: 'delete-folder', folder })} sx={{ minHeight: 48 }}>
            {t('folderDialog.delete')}
          </Button>
        </Box>
      )}
      {vault.data && docs.length === 0 && (
        <EmptyState title={folderId ? t('emptyFolder') : t('empty')}>{!folderId && (manage ? t('emptyTrustee') : t('emptyMember'))}</EmptyState>
      )}
      {estateId && docs.length > 0 && (
        <Box component="ul" sx={{ p: 0, m: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
          {docs.map((doc) => (
            <DocumentRow
              key={doc.id}
              estateId={estateId}
              doc={doc}
              manage={manage}
              onEdit={() => setDialog({ kind: 'edit', doc })}
              onDelete={() => setDialog({ kind: 'delete', doc })}
            />
          ))}
        </Box>
      )}
      {estateId && dialog?.kind === 'upload' && <UploadDialog estateId={estateId} folders={folders} folderId={folderId} onClose={() => setDialog(null)} />}
      {estateId && dialog?.kind === 'edit' && <EditDialog estateId={estateId} doc={dialog.doc} folders={folders} onClose={() => setDialog(null)} />}
      {estateId && dialog?.kind === 'delete' && <DeleteDialog estateId={estateId} doc={dialog.doc} onClose={() => setDialog(null)} />}
      {estateId && dialog?.kind === 'folder' && (
        <FolderDialog
          estateId={estateId}
          folder={dialog.folder}
          onClose={(saved) => {
            setDialog(null);
            if (saved && !dialog.folder) choose(saved);
          }}
        />
      )}
      {estateId && dialog?.kind === 'delete-folder' && (
        <DeleteFolderDialog
          estateId={estateId}
          folder={dialog.folder}
          onClose={(deleted) => {
            setDialog(null);
            if (deleted) choose(null);
          }}
        />
      )}
    </PageLayout>
  );
}
