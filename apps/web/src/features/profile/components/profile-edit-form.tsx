import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import type { Language } from '@estate/domain/schemas/account';
import { nameSchema } from '@estate/domain/schemas/account';
import { phoneSchema } from '@estate/domain/schemas/people';
import { LANGUAGES } from '@estate/domain/settings';
import { LANGUAGE_DIRECTION, LANGUAGE_NAMES } from '../../../shared/i18n/i18n';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { TextInput } from '../../../shared/ui/text-input';
import { errorMessage, fieldMessage } from '../../../shared/api/error-message';
import { useSession } from '../../../shared/session/session-context';
import { takeRedirectUrl } from '../../../shared/session/redirect-url';
import { useSettings } from '../../../shared/settings/settings-context';
import { notify } from '../../../shared/ui/notify';
import { useUpdateNames } from '../api';
import { PictureField } from './picture-field';
import { useProfile, useUpdatePhone } from '../profile-api';

const schema = z.object({ firstName: nameSchema, lastName: nameSchema, phone: phoneSchema });

/**
 * The form of `/profile/edit`: name, picture, phone, language and text size. Loaded after the page's
 * frame, with its form and schema libraries (ADR 0004).
 */
export function ProfileEditForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { me, reloadMe } = useSession();
  const { settings, update: updateSettings } = useSettings();
  const profile = useProfile();
  const updateNames = useUpdateNames();
  const updatePhone = useUpdatePhone();
  const pending = me?.user.accountStatus === 'pending-profile';
  const [language, setLanguage] = useState<Language>(settings.language);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    mode: 'onTouched',
    resolver: zodResolver(schema),
    defaultValues: { firstName: me?.user.firstName ?? '', lastName: me?.user.lastName ?? '', phone: '' },
  });

  // The phone arrives with the profile; fill it in unless the person has started typing.
  const phone = profile.data?.phone;
  useEffect(() => {
    if (phone !== undefined && !dirtyFields.phone) reset({ ...getValues(), phone }, { keepDirtyValues: true });
  }, [phone, dirtyFields.phone, reset, getValues]);

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await updateNames.mutateAsync({ firstName: values.firstName, lastName: values.lastName });
      if (values.phone !== (profile.data?.phone ?? '')) await updatePhone.mutateAsync(values.phone);
      if (language !== settings.language) updateSettings({ language, direction: LANGUAGE_DIRECTION[language] });
      await reloadMe();
      notify(t('profile.edit.saved'), 'success');
      await navigate(pending ? takeRedirectUrl('/') : '/profile/about', { replace: pending });
    } catch (error) {
      setFormError(errorMessage(error, t));
    }
  });

  return (
    <>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={3}>
          {me && <PictureField name={me.user.displayName} />}
          <Divider />
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
              <TextInput
                {...register('phone')}
                label={t('people:profile.phone')}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                dir="ltr"
                error={Boolean(errors.phone)}
                helperText={errors.phone ? fieldMessage(errors.phone.message, t) : t('people:profile.phoneHelp')}
              />
              <FormControl component="fieldset">
                <FormLabel component="legend" sx={{ fontWeight: 600, color: 'text.primary' }}>
                  {t('people:profile.language')}
                </FormLabel>
                <RadioGroup value={language} onChange={(event) => setLanguage(event.target.value as Language)}>
                  {LANGUAGES.map((code) => (
                    <FormControlLabel key={code} value={code} control={<Radio />} label={<span lang={code}>{LANGUAGE_NAMES[code]}</span>} sx={{ minHeight: 48 }} />
                  ))}
                </RadioGroup>
                <FormHelperText sx={{ fontSize: '0.875rem', mx: 0 }}>{t('people:profile.languageHelp')}</FormHelperText>
              </FormControl>
              <FormControl component="fieldset">
                <FormLabel component="legend" id="text-size-label" sx={{ fontWeight: 600, color: 'text.primary' }}>
                  {t('people:profile.textSize')}
                </FormLabel>
                {/* Applied at once (like the quick panel's switch), not with Save: the person sees it. */}
                <RadioGroup
                  value={settings.largeText ? 'large' : 'normal'}
                  onChange={(event) => updateSettings({ largeText: event.target.value === 'large' })}
                  data-testid="text-size"
                >
                  <FormControlLabel value="normal" control={<Radio />} label={t('people:profile.textSizeNormal')} sx={{ minHeight: 48 }} />
                  <FormControlLabel
                    value="large"
                    control={<Radio />}
                    label={<Box component="span" sx={{ fontSize: '1.1875rem' }}>{t('people:profile.textSizeLarge')}</Box>}
                    sx={{ minHeight: 48 }}
                  />
                </RadioGroup>
                <FormHelperText sx={{ fontSize: '0.875rem', mx: 0 }}>{t('people:profile.textSizeHelp')}</FormHelperText>
              </FormControl>
              <Box>
                <Button type="submit" variant="contained" size="large" disabled={isSubmitting} sx={{ minHeight: 48 }}>
                  {t('actions.save')}
                </Button>
              </Box>
            </Stack>
          </Box>
        </Stack>
      </Paper>
    </>
  );
}
