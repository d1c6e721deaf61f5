import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
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
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { INVITABLE_ROLES, ROLE_KEYS, Role } from '@estate/domain/roles';
import { LANGUAGES } from '@estate/domain/settings';
import { LANGUAGE_NAMES, isLanguage } from '../../../shared/i18n/i18n';
import { emailSchema } from '@estate/domain/schemas/account';
import type { Member } from '@estate/domain/schemas/estate';
import { TextInput } from '../../../shared/ui/text-input';
import { isApiError } from '../../../shared/api/api-error';
import { errorMessage, fieldMessage } from '../../../shared/api/error-message';
import { formatDate } from '../../../shared/i18n/format';
import { CopyButton } from '../../../shared/ui/copy-button';
import type { CreatedInvitation } from '@estate/domain/schemas/invitations';
import { useCreateInvitation } from '../api';

/** The server's rule, checked before sending: Offspring name the beneficiary who receives for them. */
const schema = z
  .object({
    email: emailSchema,
    roles: z.array(z.number()).min(1, { message: 'validation.rolesRequired' }),
    receivesThrough: z.string(),
    language: z.enum(LANGUAGES),
  })
  .superRefine((v, ctx) => {
    if (v.roles.includes(Role.Offspring) && !v.receivesThrough) {
      ctx.addIssue({ code: 'custom', path: ['receivesThrough'], message: 'validation.parentRequired' });
    }
  });

type Props = { open: boolean; onClose: () => void; estateId: string; estateName: string; members: Member[] };

/** Invite someone by link: their email, their role(s), and for offspring the parent who receives. */
export function InviteDialog({ open, onClose, estateId, estateName, members }: Props) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const invite = useCreateInvitation(estateId);
  const [created, setCreated] = useState<{ invitation: CreatedInvitation; email: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', roles: [Role.Beneficiary], receivesThrough: '', language: isLanguage(i18n.language) ? i18n.language : 'en' },
  });
  const roles = useWatch({ control, name: 'roles' });
  const offspring = roles.includes(Role.Offspring);
  const parents = members.filter((m) => m.roles.includes(Role.Beneficiary));

  const close = () => {
    reset();
    setCreated(null);
    setFormError(null);
    onClose();
  };

  const submit = handleSubmit(async ({ email, roles: chosen, receivesThrough, language }) => {
    setFormError(null);
    try {
      const invitation = await invite.mutateAsync({
        email,
        roles: chosen,
        language,
        ...(offspring && receivesThrough ? { receivesThrough } : {}),
      });
      setCreated({ invitation, email });
    } catch (error) {
      if (isApiError(error) && error.fields.email)
        setError('email', { type: 'server', message: error.fields.email });
      else if (isApiError(error) && error.fields.receivesThrough)
        setError('receivesThrough', { type: 'server', message: error.fields.receivesThrough });
      else setFormError(errorMessage(error, t));
    }
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="invite-title"
    >
      <DialogTitle id="invite-title">{t('members.invite.title', { estate: estateName })}</DialogTitle>
      {created ? (
        <>
          <DialogContent>
            <Alert severity="success" sx={{ mb: 2 }}>
              {t('members.invite.created', { email: created.email })}
            </Alert>
            <Typography sx={{ mb: 1 }}>{t('members.invite.shareLink')}</Typography>
            <TextInput
              value={created.invitation.link}
              label={t('members.invite.link')}
              readOnly
              dir="ltr"
              onFocus={(event) => event.target.select()}
            />
            <Stack
              direction="row"
              spacing={2}
              sx={{ mt: 1.5, alignItems: 'center', flexWrap: 'wrap' }}
              useFlexGap
            >
              <CopyButton text={created.invitation.link} />
              <Typography variant="body2" color="text.secondary">
                {t('members.invite.expires', {
                  date: formatDate(created.invitation.expiresAt, i18n.language),
                })}
              </Typography>
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button
              onClick={() => {
                reset();
                setCreated(null);
              }}
            >
              {t('members.invite.another')}
            </Button>
            <Button variant="contained" onClick={close}>
              {t('actions.done')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)}>
          <DialogContent>
            <Stack spacing={2.5}>
              {formError && <Alert severity="error">{formError}</Alert>}
              <TextInput
                {...register('email')}
                label={t('fields.email')}
                type="email"
                autoComplete="off"
                required
                autoFocus
                error={Boolean(errors.email)}
                helperText={fieldMessage(errors.email?.message, t) ?? t('members.invite.emailHelp')}
              />
              <Controller
                control={control}
                name="language"
                render={({ field }) => (
                  <TextField
                    select
                    label={t('members.invite.language')}
                    helperText={t('members.invite.languageHelp')}
                    fullWidth
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                  >
                    {LANGUAGES.map((language) => (
                      <MenuItem key={language} value={language} lang={language}>
                        {LANGUAGE_NAMES[language]}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                control={control}
                name="roles"
                render={({ field }) => (
                  <FormControl component="fieldset" error={Boolean(errors.roles)}>
                    <FormLabel component="legend" sx={{ mb: 1 }}>
                      {t('members.invite.roles')}
                    </FormLabel>
                    <FormGroup>
                      {INVITABLE_ROLES.map((role) => {
                        const key = ROLE_KEYS[role];
                        const checked = field.value.includes(role);
                        return (
                          <FormControlLabel
                            key={role}
                            sx={{ alignItems: 'flex-start', mb: 1, mx: 0 }}
                            control={
                              <Checkbox
                                checked={checked}
                                sx={{ mt: -0.75 }}
                                onChange={(event) =>
                                  field.onChange(
                                    event.target.checked
                                      ? [...field.value, role]
                                      : field.value.filter((r) => r !== role),
                                  )
                                }
                                slotProps={{ input: { 'aria-describedby': `role-desc-${role}` } }}
                              />
                            }
                            label={
                              <Box>
                                <Typography sx={{ fontWeight: 600 }}>{t(`roles.${key}.name`)}</Typography>
                                <Typography id={`role-desc-${role}`} variant="body2" color="text.secondary">
                                  {t(`roles.${key}.description`)}
                                </Typography>
                              </Box>
                            }
                          />
                        );
                      })}
                    </FormGroup>
                    {errors.roles && <FormHelperText>{fieldMessage(errors.roles.message, t)}</FormHelperText>}
                  </FormControl>
                )}
              />
              {offspring && parents.length === 0 && (
                <Alert severity="info">{t('members.invite.noParents')}</Alert>
              )}
              {offspring && parents.length > 0 && (
                <Controller
                  control={control}
                  name="receivesThrough"
                  render={({ field }) => (
                    <TextField
                      select
                      required
                      label={t('members.invite.receivesThrough')}
                      error={Boolean(errors.receivesThrough)}
                      helperText={
                        fieldMessage(errors.receivesThrough?.message, t) ??
                        t('members.invite.receivesThroughHelp')
                      }
                      fullWidth
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                    >
                      <MenuItem value="" disabled>
                        {t('members.invite.chooseParent')}
                      </MenuItem>
                      {parents.map((parent) => (
                        <MenuItem key={parent.id} value={parent.id}>
                          {parent.displayName}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              )}
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={close}>{t('actions.cancel')}</Button>
            <Button
              type="submit"
              variant="contained"
              disabled={isSubmitting || (offspring && parents.length === 0)}
            >
              {t('members.invite.submit')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
