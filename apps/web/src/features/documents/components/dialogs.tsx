import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AccessLevel } from '@estate/domain/consent';
import type { DocumentFolder, EstateDocument } from '@estate/domain/schemas/documents';
import { DOCUMENT_LIMITS } from '@estate/domain/uploads';
import { errorMessage } from '../../../shared/api/error-message';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { notify } from '../../../shared/ui/notify';
import { useDeleteDocument, useDeleteFolder, useSaveFolder, useUpdateDocument, useUpload } from '../api';
import { AccessLevelField } from './access-level-field';
import { formatSize } from './format';

const LIMIT_MB = DOCUMENT_LIMITS.bytes / (1024 * 1024);
const ACCEPT = '.pdf,.jpg,.jpeg,.png,.webp,.gif,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.rtf,application/pdf,image/*';

function usePhone() {
  return useMediaQuery('(max-width: 599.95px)');
}

function FolderField({ folders, value, onChange }: { folders: DocumentFolder[]; value: string | null; onChange: (id: string | null) => void }) {
  const { t } = useTranslation('documents');
  return (
    <TextField
      select
      label={t('uploadDialog.folder')}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value || null)}
      fullWidth
      // "No folder" is a choice of its own, shown as such.
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{t('uploadDialog.noFolder')}</MenuItem>
      {folders.map((f) => (
        <MenuItem key={f.id} value={f.id} dir="auto">
          {f.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function UploadDialog({ estateId, folders, folderId, onClose }: { estateId: string; folders: DocumentFolder[]; folderId: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('documents');
  const phone = usePhone();
  const upload = useUpload(estateId);
  const [file, setFile] = useState<File | null>(null);
  const [level, setLevel] = useState<AccessLevel>('trustees');
  const [folder, setFolder] = useState<string | null>(folderId);
  const tooLarge = file !== null && file.size > DOCUMENT_LIMITS.bytes;
  const send = () => {
    if (!file || tooLarge) return;
    upload.mutate(
      { file, accessLevel: level, folderId: folder },
      {
        onSuccess: (data) => {
          notify(t('uploadDialog.done', { name: data.document.name }), 'success');
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open onClose={onClose} fullScreen={phone} maxWidth="sm" fullWidth aria-labelledby="upload-title">
      <DialogTitle id="upload-title">{t('uploadDialog.title')}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('uploadDialog.accepted', { limit: LIMIT_MB })}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
          <Button variant="outlined" component="label" disabled={upload.isPending} sx={{ minHeight: 48 }}>
            {file ? t('uploadDialog.chooseAnother') : t('uploadDialog.choose')}
            <input hidden type="file" accept={ACCEPT} data-testid="document-file" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </Button>
          {file && (
            <Typography dir="auto" sx={{ overflowWrap: 'anywhere' }}>
              {file.name} · {formatSize(file.size, i18n.language)}
            </Typography>
          )}
        </Box>
        {tooLarge && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('uploadDialog.tooLarge', { limit: LIMIT_MB })}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gap: 2.5 }}>
          <AccessLevelField value={level} onChange={setLevel} disabled={upload.isPending} />
          <FolderField folders={folders} value={folder} onChange={setFolder} />
        </Box>
        {upload.isError && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {errorMessage(upload.error, t)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 48 }}>
          {t('cancel')}
        </Button>
        <Button variant="contained" onClick={send} disabled={!file || tooLarge || upload.isPending} sx={{ minHeight: 48 }}>
          {upload.isPending ? t('uploadDialog.sending') : t('uploadDialog.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function EditDialog({ estateId, doc, folders, onClose }: { estateId: string; doc: EstateDocument; folders: DocumentFolder[]; onClose: () => void }) {
  const { t } = useTranslation('documents');
  const phone = usePhone();
  const update = useUpdateDocument(estateId);
  const [name, setName] = useState(doc.name);
  const [level, setLevel] = useState<AccessLevel>(doc.accessLevel);
  const [folder, setFolder] = useState<string | null>(doc.folderId);
  const save = () =>
    update.mutate(
      { id: doc.id, change: { name: name.trim(), accessLevel: level, folderId: folder } },
      {
        onSuccess: () => {
          notify(t('editDialog.saved'), 'success');
          onClose();
        },
      },
    );
  return (
    <Dialog open onClose={onClose} fullScreen={phone} maxWidth="sm" fullWidth aria-labelledby="edit-title">
      <DialogTitle id="edit-title">{t('editDialog.title')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 2.5, pt: 1 }}>
          <TextField label={t('editDialog.name')} value={name} onChange={(e) => setName(e.target.value)} slotProps={{ htmlInput: { maxLength: 200, dir: 'auto' } }} required />
          <AccessLevelField value={level} onChange={setLevel} />
          <FolderField folders={folders} value={folder} onChange={setFolder} />
        </Box>
        {update.isError && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {errorMessage(update.error, t)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 48 }}>
          {t('cancel')}
        </Button>
        <Button variant="contained" onClick={save} disabled={!name.trim() || update.isPending} sx={{ minHeight: 48 }}>
          {t('editDialog.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function DeleteDialog({ estateId, doc, onClose }: { estateId: string; doc: EstateDocument; onClose: () => void }) {
  const { t } = useTranslation('documents');
  const remove = useDeleteDocument(estateId);
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="delete-title">
      <DialogTitle id="delete-title">{t('deleteDialog.title', { name: doc.name })}</DialogTitle>
      <DialogContent>
        <Typography>{t('deleteDialog.body')}</Typography>
        {remove.isError && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {errorMessage(remove.error, t)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 48 }}>
          {t('cancel')}
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={remove.isPending}
          sx={{ minHeight: 48 }}
          onClick={() =>
            remove.mutate(doc.id, {
              onSuccess: () => {
                notify(t('deleteDialog.done'), 'success');
                onClose();
              },
            })
          }
        >
          {t('deleteDialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function FolderDialog({ estateId, folder, onClose }: { estateId: string; folder: DocumentFolder | null; onClose: (savedId?: string) => void }) {
  const { t } = useTranslation('documents');
  const save = useSaveFolder(estateId);
  const [name, setName] = useState(folder?.name ?? '');
  return (
    <Dialog open onClose={() => onClose()} maxWidth="xs" fullWidth aria-labelledby="folder-title">
      <DialogTitle id="folder-title">{folder ? t('folderDialog.renameTitle') : t('folderDialog.newTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          sx={{ mt: 1 }}
          label={t('folderDialog.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 80, dir: 'auto' } }}
        />
        {save.isError && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {errorMessage(save.error, t)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose()} sx={{ minHeight: 48 }}>
          {t('cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={!name.trim() || save.isPending}
          sx={{ minHeight: 48 }}
          onClick={() => save.mutate({ ...(folder ? { id: folder.id } : {}), name: name.trim() }, { onSuccess: (data) => onClose(data.folder.id) })}
        >
          {t('folderDialog.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function DeleteFolderDialog({ estateId, folder, onClose }: { estateId: string; folder: DocumentFolder; onClose: (deleted: boolean) => void }) {
  const { t } = useTranslation('documents');
  const remove = useDeleteFolder(estateId);
  return (
    <Dialog open onClose={() => onClose(false)} maxWidth="xs" fullWidth aria-labelledby="delete-folder-title">
      <DialogTitle id="delete-folder-title">{t('folderDialog.deleteTitle', { name: folder.name })}</DialogTitle>
      <DialogContent>
        <Typography>{t('folderDialog.deleteBody')}</Typography>
        {remove.isError && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {errorMessage(remove.error, t)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)} sx={{ minHeight: 48 }}>
          {t('cancel')}
        </Button>
        <Button variant="contained" color="error" disabled={remove.isPending} sx={{ minHeight: 48 }} onClick={() => remove.mutate(folder.id, { onSuccess: () => onClose(true) })}>
          {t('folderDialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
