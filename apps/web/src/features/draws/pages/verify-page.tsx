import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { currentMembership } from '../../../shared/session/current-estate';
import { useSession } from '../../../shared/session/session-context';
import { PageLayout } from '../../../shared/ui/page-layout';
import { queryKeys } from '../../../shared/api/query-keys';
import { fetchRecord, useDraws, verifyRecord, type VerifyResult } from '../api';

/** `/draws/verify`: upload a record file (or open one of the estate's) and re-run it on the server. */
export function VerifyPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const estateId = currentMembership(me)?.estateId ?? null;
  const draws = useDraws(estateId);
  const [search] = useSearchParams();
  const [step, setStep] = useState(search.get('step') ?? '');
  const [result, setResult] = useState<VerifyResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [fileName, setFileName] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const check = async (load: () => Promise<unknown>) => {
    setTouched(true);
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      setResult(await verifyRecord(await load()));
    } catch (e) {
      setError(e instanceof SyntaxError ? t('process:verify.notJson') : errorMessage(e, t));
    } finally {
      setBusy(false);
    }
  };

  const onFile = (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    void check(async () => JSON.parse(await file.text()) as unknown);
  };

  // Arriving with ?step= checks that record at once (until the person checks another).
  const asked = search.get('step');
  const [touched, setTouched] = useState(false);
  const auto = useQuery({
    queryKey: queryKeys.verify(estateId, asked),
    queryFn: async () => verifyRecord(await fetchRecord(estateId ?? '', Number(asked))),
    enabled: Boolean(asked && estateId) && !touched,
    retry: false,
    staleTime: Infinity,
  });
  const shown = touched ? result : (auto.data ?? null);
  const shownError = touched ? error : auto.error ? errorMessage(auto.error, t) : null;

  return (
    <PageLayout title={t('process:verify.title')} subtitle={t('process:verify.subtitle')} maxWidth={760}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Box>
          <input
            ref={input}
            type="file"
            accept="application/json,.json"
            hidden
            data-testid="record-file"
            onChange={(e) => onFile(e.target.files?.[0])}
          />
          <Button variant="contained" onClick={() => input.current?.click()} disabled={busy}>
            {t('process:verify.upload')}
          </Button>
          {fileName && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {fileName}
            </Typography>
          )}
        </Box>
        {(draws.data?.draws.length ?? 0) > 0 && estateId && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField
              select
              size="small"
              label={t('process:verify.open')}
              value={step}
              onChange={(e) => setStep(e.target.value)}
              sx={{ minWidth: 240 }}
            >
              {draws.data?.draws.map((d) => (
                <MenuItem key={d.step} value={String(d.step)}>
                  {t(`stages:stage.${d.step}.name`)}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="outlined"
              disabled={!step || busy}
              onClick={() => void check(() => fetchRecord(estateId, Number(step)))}
            >
              {t('process:verify.check')}
            </Button>
          </Box>
        )}
        <Box aria-live="polite">
          {(busy || auto.isFetching) && <Typography>{t('process:verify.checking')}</Typography>}
          {shownError && <Alert severity="error">{shownError}</Alert>}
          {shown?.verified && (
            <Alert severity="success" data-testid="verify-result">
              <AlertTitle>{t('process:verify.verified')}</AlertTitle>
              {t('process:verify.verifiedText')}
            </Alert>
          )}
          {shown && !shown.verified && (
            <Alert severity="error" data-testid="verify-result">
              <AlertTitle>{t('process:verify.notVerified')}</AlertTitle>
              <Box component="ul" sx={{ m: 0, pl: 2 }} dir="ltr">
                {shown.differences.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </Box>
            </Alert>
          )}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('process:verify.cli')}{' '}
          <Box component="code" dir="ltr">
            npm run verify-draw -- record.json
          </Box>
        </Typography>
      </Box>
    </PageLayout>
  );
}
