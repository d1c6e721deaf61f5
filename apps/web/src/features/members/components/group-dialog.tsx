import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Alert from '@mui/material/Alert';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { DirectoryMember, MemberGroup } from '@estate/domain/schemas/people';
import { GROUP_NAME_MAX } from '@estate/domain/schemas/people';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { TextInput } from '../../../shared/ui/text-input';
import { notify } from '../../../shared/ui/notify';
import { useSaveGroup } from '../directory-api';

type Props = {
  estateId: string;
  members: DirectoryMember[];
  /** The group to change; a new one when absent. */
  group?: MemberGroup;
  onClose: (saved?: MemberGroup) => void;
};

/** A group of the viewer's own: its name and who is in it. */
export function GroupDialog({ estateId, members, group, onClose }: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const save = useSaveGroup(estateId);
  const [name, setName] = useState(group?.name ?? '');
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(group?.memberIds ?? []));
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const nameError = touched && !name.trim() ? t('validation.required') : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!name.trim()) return;
    try {
      const saved = await save.mutateAsync({ id: group?.id, name: name.trim(), memberIds: [...chosen] });
      notify(t('people:directory.groupSaved'), 'success');
      onClose(saved);
    } catch (caught) {
      setError(errorMessage(caught, t));
    }
  };

  const toggle = (id: string) =>
    setChosen((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Dialog open onClose={() => onClose()} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="group-dialog-title">
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="group-dialog-title">{group ? t('people:directory.editGroup') : t('people:directory.newGroup')}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <Box sx={{ mt: 1, mb: 3 }}>
            <TextInput
              label={t('people:directory.groupName')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              onBlur={() => setTouched(true)}
              required
              autoFocus
              maxLength={GROUP_NAME_MAX}
              error={Boolean(nameError)}
              helperText={nameError ?? t('people:directory.groupNameHelp')}
            />
          </Box>
          <FormLabel component="legend" sx={{ fontWeight: 600, color: 'text.primary', mb: 1 }}>
            {t('people:directory.groupMembers')}
          </FormLabel>
          <FormGroup>
            {members.map((member) => (
              <FormControlLabel
                key={member.id}
                sx={{ minHeight: 48 }}
                control={<Checkbox checked={chosen.has(member.id)} onChange={() => toggle(member.id)} />}
                label={member.displayName}
              />
            ))}
          </FormGroup>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
          <Button onClick={() => onClose()} sx={{ minHeight: 48 }}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending} sx={{ minHeight: 48 }}>
            {t('actions.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
