import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { roleChangeRefusal, type MemberFacts } from '@estate/domain/members';
import { INVITABLE_ROLES, ROLE_KEYS, Role } from '@estate/domain/roles';
import type { DirectoryMember, MemberDetail } from '@estate/domain/schemas/people';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage, fieldMessage } from '../../../shared/api/error-message';
import { isApiError } from '../../../shared/api/api-error';
import { notify } from '../../../shared/ui/notify';
import { useChangeRoles } from '../directory-api';

type Props = {
  estateId: string;
  detail: MemberDetail;
  /** Everyone in the estate (the parents to choose from). */
  members: DirectoryMember[];
  onClose: () => void;
};

/**
 * A member's roles, and for a grandchild the beneficiary who receives for them. What may not change
 * now is asked of the same rule the server uses: a refused change is said beside the save button.
 */
export function RolesDialog({ estateId, detail, members, onClose }: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const change = useChangeRoles(estateId, detail.member.id);
  const [roles, setRoles] = useState<number[]>(detail.member.roles.filter((r) => (INVITABLE_ROLES as readonly number[]).includes(r)));
  const [parent, setParent] = useState(detail.member.receivesThrough ?? '');
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const offspring = roles.includes(Role.Offspring);
  const parents = members.filter((m) => m.roles.includes(Role.Beneficiary) && m.id !== detail.member.id);
  const name = detail.member.displayName;

  // The facts the page was given, as the rule reads them.
  const facts: MemberFacts = {
    self: false,
    roles: detail.member.roles,
    receivesThrough: detail.member.receivesThrough,
    otherTrustees: detail.refusals.dropTrustee === 'lastTrustee' ? 0 : 1,
    receivesFor: detail.member.receivesFor.length,
    receiversOpen: detail.refusals.changeReceiving !== 'receiversFrozen',
  };
  const next = { roles, receivesThrough: offspring ? parent || null : null };
  const refusal = roleChangeRefusal(facts, next);
  const missing = roles.length === 0 ? t('validation.rolesRequired') : offspring && !parent ? t('validation.parentRequired') : undefined;

  const toggle = (role: number) => setRoles((old) => (old.includes(role) ? old.filter((r) => r !== role) : [...old, role].sort((a, b) => a - b)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (refusal || missing) return;
    setError(null);
    setFieldError(undefined);
    try {
      await change.mutateAsync({ roles, ...(offspring ? { receivesThrough: parent } : {}) });
      notify(t('people:member.rolesSaved'), 'success');
      onClose();
    } catch (caught) {
      if (isApiError(caught) && caught.fields.receivesThrough) setFieldError(fieldMessage(caught.fields.receivesThrough, t));
      else setError(errorMessage(caught, t));
    }
  };

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="roles-dialog-title">
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="roles-dialog-title">{t('people:member.rolesTitle', { name })}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <FormControl component="fieldset" sx={{ width: '100%' }}>
            <FormLabel component="legend" sx={{ color: 'text.primary', mb: 1 }}>
              {t('people:member.rolesHelp', { name })}
            </FormLabel>
            <FormGroup>
              {INVITABLE_ROLES.map((role) => (
                <FormControlLabel
                  key={role}
                  sx={{ minHeight: 48, alignItems: 'flex-start', my: 0.5 }}
                  control={<Checkbox checked={roles.includes(role)} onChange={() => toggle(role)} />}
                  label={
                    <Box sx={{ pt: 1 }}>
                      <Typography sx={{ fontWeight: 600 }}>{t(`roles.${ROLE_KEYS[role]}.name`)}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {t(`roles.${ROLE_KEYS[role]}.description`)}
                      </Typography>
                    </Box>
                  }
                />
              ))}
            </FormGroup>
          </FormControl>
          {offspring && (
            <TextField
              select
              fullWidth
              required
              label={t('people:member.parent')}
              value={parent}
              onChange={(event) => setParent(event.target.value)}
              error={Boolean(fieldError)}
              helperText={fieldError ?? t('people:member.parentHelp')}
              sx={{ mt: 2 }}
            >
              {parents.map((p) => (
                <MenuItem key={p.id} value={p.id} sx={{ minHeight: 48 }}>
                  {p.displayName}
                </MenuItem>
              ))}
            </TextField>
          )}
          {(refusal || missing) && (
            <FormHelperText id="roles-refusal" sx={{ fontSize: '1rem', mt: 2, color: refusal ? 'warning.dark' : 'text.secondary' }}>
              {refusal ? t(`people:member.refusals.${refusal}`) : missing}
            </FormHelperText>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
          <Button onClick={onClose} sx={{ minHeight: 48 }}>
            {t('actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={Boolean(refusal || missing) || change.isPending}
            aria-describedby={refusal || missing ? 'roles-refusal' : undefined}
            sx={{ minHeight: 48 }}
          >
            {t('actions.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
