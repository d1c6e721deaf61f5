import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { parseAmount } from '../../../shared/i18n/format';
import { notify } from '../../../shared/ui/notify';
import type { Item } from '@estate/domain/schemas/items';
import { useAppraise } from '../api';

/** The currencies offered first; the item's own is always in the list. */
const CURRENCIES = ['USD', 'EUR', 'GBP', 'TRY', 'SAR', 'AED', 'EGP', 'JOD', 'CAD', 'AUD'];

function currencyName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames(language, { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The appraiser's one job (and the trustee's too): an item's value, in its currency. Shown only to
 * those the policy lets set it (`item.appraise`); saved through its own route with the version.
 */
export function ValueEditor({ estateId, item }: { estateId: string; item: Item }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const appraise = useAppraise(estateId);
  const [amount, setAmount] = useState(item.value ?? '');
  const [currency, setCurrency] = useState(item.currency);
  const [problem, setProblem] = useState<string | null>(null);
  const currencies = CURRENCIES.includes(item.currency) ? CURRENCIES : [item.currency, ...CURRENCIES];

  const save = () => {
    const value = parseAmount(amount, i18n.language);
    if (value === undefined) {
      setProblem(t('catalogue:validation.value'));
      return;
    }
    setProblem(null);
    appraise.mutate(
      { id: item.id, version: item.version, value, currency },
      {
        onSuccess: () => notify(t('catalogue:value.saved'), 'success'),
        onError: (e) => setProblem(errorMessage(e, t)),
      },
    );
  };

  return (
    <Box
      component="form"
      noValidate
      aria-labelledby={titleId}
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      sx={{ mt: 3, p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}
    >
      <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('catalogue:value.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('catalogue:value.help')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
        <TextField
          select
          label={t('catalogue:fields.currency')}
          value={currency}
          onChange={(e) => setCurrency(e.target.value)}
          sx={{ flex: '0 0 112px' }}
          slotProps={{ select: { renderValue: (code) => <bdi dir="ltr">{String(code)}</bdi> } }}
        >
          {currencies.map((code) => (
            <MenuItem key={code} value={code} sx={{ minHeight: 48 }}>
              <bdi dir="ltr">{code}</bdi>&nbsp;· {currencyName(code, i18n.language)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('catalogue:value.amount')}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={Boolean(problem)}
          helperText={problem ?? t('catalogue:value.emptyHelp')}
          sx={{ flex: '1 1 160px' }}
          slotProps={{
            htmlInput: { inputMode: 'decimal', autoComplete: 'off', dir: 'ltr' },
            formHelperText: { sx: { fontSize: '0.875rem', mx: 0 } },
          }}
        />
        <Button type="submit" variant="contained" disabled={appraise.isPending} sx={{ minHeight: 56, minWidth: 96 }}>
          {t('catalogue:common.save')}
        </Button>
      </Box>
    </Box>
  );
}
