import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { nameSchema } from '@estate/domain/schemas/account';
import { TextInput } from '../../../shared/ui/text-input';
import { errorMessage, fieldMessage } from '../../../shared/api/error-message';
import { useSession } from '../../../shared/session/session-context';
import { takeRedirectUrl } from '../../../shared/session/redirect-url';
import { notify } from '../../../shared/ui/notify';
import { PageLayout } from '../../../shared/ui/page-layout';
import { useUpdateNames } from '../api';

const schema = z.object({ firstName: nameSchema, lastName: nameSchema });

/** `/profile/edit`: names. People whose profile is incomplete are sent here first. */
export function ProfileEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { me, reloadMe } = useSession();
  const update = useUpdateNames();
  const pending = me?.user.accountStatus === 'pending-profile';
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    mode: 'onTouched',
    resolver: zodResolver(schema),
    defaultValues: { firstName: me?.user.firstName ?? '', lastName: me?.user.lastName ?? '' },
  });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await update.mutateAsync(values);
      await reloadMe();
      notify(t('profile.edit.saved'), 'success');
      await navigate(pending ? takeRedirectUrl('/') : '/profile/about', { replace: pending });
    } catch (error) {
      setFormError(errorMessage(error, t));
    }
  });

  return (
    <PageLayout
      title={t('profile.edit.title')}
      subtitle={pending ? t('profile.edit.pending') : undefined}
      maxWidth={720}
    >
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
          <Stack spacing={2.5}>
            {formError && <Alert severity="error">{formError}</Alert>}
            <TextInput
              {...register('firstName')}
              label={t('fields.firstName')}
              autoComplete="given-name"
              required
              error={Boolean(errors.firstName)}
              helperText={fieldMessage(errors.firstName?.message, t)}
            />
            <TextInput
              {...register('lastName')}
              label={t('fields.lastName')}
              autoComplete="family-name"
              required
              error={Boolean(errors.lastName)}
              helperText={fieldMessage(errors.lastName?.message, t)}
            />
            <Box>
              <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
                {t('actions.save')}
              </Button>
            </Box>
          </Stack>
        </Box>
      </Paper>
    </PageLayout>
  );
}
