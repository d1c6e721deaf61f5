import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useNavigate } from 'react-router';
import { estateNameSchema } from '@estate/domain/schemas/estate';
import { TextInput } from '../../../shared/ui/text-input';
import { errorMessage, fieldMessage } from '../../../shared/api/error-message';
import { notify } from '../../../shared/ui/notify';
import { useCreateEstateMutation } from '../api';

const schema = z.object({ name: estateNameSchema });

type Props = { open: boolean; onClose: () => void };

/** Asks only for a name; the person who creates the estate becomes its trustee. */
export function CreateEstateDialog({ open, onClose }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateEstateMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: '' },
  });

  const close = () => {
    reset();
    setFormError(null);
    onClose();
  };

  const submit = handleSubmit(async ({ name }) => {
    setFormError(null);
    try {
      const estate = await create.mutateAsync(name);
      notify(t('estates.created', { name: estate.name }), 'success');
      close();
      await navigate('/i/');
    } catch (error) {
      setFormError(errorMessage(error, t));
    }
  });

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="create-estate-title">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="create-estate-title">{t('estates.create.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('estates.create.help')}</DialogContentText>
          {formError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          )}
          <TextInput
            {...register('name')}
            label={t('estates.create.name')}
            placeholder={t('estates.create.namePlaceholder')}
            autoFocus
            required
            error={Boolean(errors.name)}
            helperText={fieldMessage(errors.name?.message, t)}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {t('estates.create.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
