import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { Role } from '@estate/domain/roles';
import { estateSettingsSchema, type EstateSettings } from '@estate/domain/schemas/estate';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { notify } from '../../../shared/ui/notify';
import { useMembers } from '../../../shared/api/members';
import { RefusableButton } from '../../../shared/ui/refusable-button';
import { useEstateMutation } from '../api';
import { Section } from './section';

/** Every zone the browser knows, the estate's own first (an old browser lists only that one). */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [current, ...known.filter((zone) => zone !== current)];
}

/** High-interest threshold, draft mode, token budget rule, the notifications switch, the time zone and currency. */
export function SettingsCard({ estateId, settings }: { estateId: string; settings: EstateSettings }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(settings);
  const [error, setError] = useState<string | null>(null);
  const save = useEstateMutation<Partial<EstateSettings>>(estateId, (patch) => ({
    path: '',
    method: 'PATCH',
    body: { settings: patch },
  }));
  const set = <K extends keyof EstateSettings>(key: K, value: EstateSettings[K]) =>
    setDraft((old) => ({ ...old, [key]: value }));
  // The server's own rule for the threshold (a whole number from 2 to 100), checked before Save.
  const thresholdOk = estateSettingsSchema.shape.highInterestThreshold.safeParse(draft.highInterestThreshold).success;
  // Only beneficiaries' hearts count: a threshold above their number makes nothing high interest.
  const members = useMembers(estateId);
  const beneficiaries = members.data?.filter((m) => m.roles.includes(Role.Beneficiary)).length ?? 0;
  const unreachable = thresholdOk && beneficiaries > 0 && draft.highInterestThreshold > beneficiaries;

  return (
    <Section title={t('process:settings.title')} id="control-settings">
      <Box sx={{ display: 'grid', gap: 2, maxWidth: 520 }}>
        <TextField
          type="number"
          label={t('process:settings.threshold')}
          helperText={thresholdOk ? t('process:settings.thresholdHelp') : t('process:settings.thresholdRange')}
          error={!thresholdOk}
          value={Number.isNaN(draft.highInterestThreshold) ? '' : draft.highInterestThreshold}
          onChange={(e) => set('highInterestThreshold', e.target.value === '' ? Number.NaN : Number(e.target.value))}
          slotProps={{ htmlInput: { min: 2, max: 100, step: 1, inputMode: 'numeric' } }}
        />
        {unreachable && (
          <Alert severity="warning" data-testid="threshold-unreachable">
            {t('process:settings.thresholdTooHigh', { count: beneficiaries, threshold: draft.highInterestThreshold })}
          </Alert>
        )}
        <TextField
          select
          label={t('process:settings.draftMode')}
          value={draft.draftMode}
          onChange={(e) => set('draftMode', e.target.value as EstateSettings['draftMode'])}
          helperText={t(`process:settings.draftModeHelp.${draft.draftMode}`)}
        >
          <MenuItem value="round-robin">{t('process:settings.roundRobin')}</MenuItem>
          <MenuItem value="serpentine">{t('process:settings.serpentine')}</MenuItem>
        </TextField>
        <TextField
          select
          label={t('process:settings.tokenBudget')}
          value={draft.tokenBudget}
          onChange={(e) => set('tokenBudget', e.target.value as EstateSettings['tokenBudget'])}
        >
          <MenuItem value="per-interest">{t('process:settings.perInterest')}</MenuItem>
          <MenuItem value="equal">{t('process:settings.equal')}</MenuItem>
        </TextField>
        {draft.tokenBudget === 'per-interest' ? (
          <Alert severity="info">{t('process:settings.weakness')}</Alert>
        ) : (
          <TextField
            type="number"
            label={t('process:settings.equalBudget')}
            value={draft.equalTokenBudget}
            onChange={(e) => set('equalTokenBudget', Number(e.target.value))}
            slotProps={{ htmlInput: { min: 0 } }}
          />
        )}
        <TextField
          select
          label={t('process:settings.timeZone')}
          helperText={t('process:settings.timeZoneHelp')}
          value={draft.timeZone}
          onChange={(e) => set('timeZone', e.target.value)}
          slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
        >
          {timeZones(draft.timeZone).map((zone) => (
            <MenuItem key={zone} value={zone}>
              {zone}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('process:settings.currency')}
          helperText={t('process:settings.currencyHelp')}
          value={draft.currency}
          onChange={(e) => set('currency', e.target.value.toUpperCase().slice(0, 3))}
          slotProps={{ htmlInput: { maxLength: 3, autoCapitalize: 'characters', spellCheck: false } }}
        />
        <FormControlLabel
          control={<Switch checked={draft.notify} onChange={(e) => set('notify', e.target.checked)} />}
          label={t('process:settings.notify')}
        />
        {error && <Alert severity="warning">{error}</Alert>}
        <Box>
          <RefusableButton
            variant="contained"
            refusal={thresholdOk ? null : t('process:settings.thresholdRange')}
            disabled={save.isPending}
            onClick={() => {
              setError(null);
              const { highInterestThreshold, draftMode, tokenBudget, equalTokenBudget, notify: n, timeZone, currency } = draft;
              save.mutate(
                { highInterestThreshold, draftMode, tokenBudget, equalTokenBudget, notify: n, timeZone, currency },
                {
                  onSuccess: () => notify(t('process:settings.saved'), 'success'),
                  onError: (e) => setError(errorMessage(e, t)),
                },
              );
            }}
          >
            {t('process:settings.save')}
          </RefusableButton>
        </Box>
      </Box>
    </Section>
  );
}
