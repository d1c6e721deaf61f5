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
import { useInputCommitments } from '../../../shared/api/input-commitments';
import { usePolicy } from '../../../shared/session/actor';
import { formatDate } from '../../../shared/i18n/format';
import type { VerifyAnswer } from '@estate/domain/schemas/draws';
import { useDrawList } from '../../../shared/api/draws';
import { fetchRecord, verifyRecord } from '../api';

type Checked = { record: unknown; result: VerifyAnswer };

async function check(record: unknown): Promise<Checked> {
  return { record, result: await verifyRecord(record) };
}

/**
 * `/draws/verify`: upload a record file (or open one of the estate's) and check it on the server. A
 * full record is re-run; a beneficiary's own copy is checked as far as it goes (their proof against
 * the sealed fingerprint, the secret against its commitment), and the page says what it checked and
 * who shows what, never "not verified" for what a copy does not hold.
 */
export function VerifyPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const estateId = currentMembership(me)?.estateId ?? null;
  const policy = usePolicy();
  const draws = useDrawList(estateId);
  const [search] = useSearchParams();
  const [step, setStep] = useState(search.get('step') ?? '');
  const [result, setResult] = useState<Checked | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [fileName, setFileName] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const run = async (load: () => Promise<unknown>) => {
    setTouched(true);
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      setResult(await check(await load()));
    } catch (e) {
      setError(e instanceof SyntaxError ? t('process:verify.notJson') : errorMessage(e, t));
    } finally {
      setBusy(false);
    }
  };

  const onFile = (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    void run(async () => JSON.parse(await file.text()) as unknown);
  };

  // Arriving with ?step= checks that record at once (until the person checks another).
  const asked = search.get('step');
  const [touched, setTouched] = useState(false);
  const auto = useQuery({
    queryKey: queryKeys.verify(estateId, asked),
    queryFn: async () => check(await fetchRecord(estateId ?? '', Number(asked))),
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
              onClick={() => void run(() => fetchRecord(estateId, Number(step)))}
            >
              {t('process:verify.check')}
            </Button>
          </Box>
        )}
        <Box aria-live="polite">
          {(busy || auto.isFetching) && <Typography>{t('process:verify.checking')}</Typography>}
          {shownError && <Alert severity="error">{shownError}</Alert>}
          {shown && <Outcome checked={shown} estateId={estateId} />}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('process:verify.whoPublishes')}
        </Typography>
        {/* The command line is for the people who keep the full records, not for family members. */}
        {policy.can('draw.viewFull') && (
          <Typography variant="body2" color="text.secondary">
            {t('process:verify.cli')}{' '}
            <Box component="code" dir="ltr">
              npm run verify-draw -- record.json
            </Box>
          </Typography>
        )}
      </Box>
    </PageLayout>
  );
}

function Checks({ result }: { result: VerifyAnswer }) {
  const { t } = useTranslation();
  if (result.checks.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
      {result.checks.map((c) => (
        <li key={c}>{t(`process:verify.checks.${c}`)}</li>
      ))}
    </Box>
  );
}

/** What was checked, in words; for a beneficiary's copy also which published fingerprint it matches. */
function Outcome({ checked, estateId }: { checked: Checked; estateId: string | null }) {
  const { t, i18n } = useTranslation();
  const { result, record } = checked;
  const own = result.scope === 'own';
  const root =
    own && typeof (record as { inputCommitment?: unknown }).inputCommitment === 'string'
      ? (record as { inputCommitment: string }).inputCommitment
      : null;
  const sameEstate = (record as { estateId?: unknown }).estateId === estateId;
  const published = useInputCommitments(estateId, Boolean(root) && sameEstate);
  const match = published.data?.commitments.find((c) => c.inputCommitment === root);

  if (!result.verified) {
    return (
      <Alert severity="error" data-testid="verify-result">
        <AlertTitle>{t('process:verify.notVerified')}</AlertTitle>
        <Box component="ul" sx={{ m: 0, pl: 2 }} dir="ltr">
          {result.differences.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </Box>
      </Alert>
    );
  }
  if (!own) {
    return (
      <Alert severity="success" data-testid="verify-result">
        <AlertTitle>{t('process:verify.verified')}</AlertTitle>
        {t('process:verify.verifiedText')}
        <Checks result={result} />
      </Alert>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Alert severity="success" data-testid="verify-result">
        <AlertTitle>{t('process:verify.ownVerified')}</AlertTitle>
        {t('process:verify.ownIntro')}
        <Checks result={result} />
        {match && (
          <Box sx={{ mt: 0.5 }}>
            {t('process:verify.publishedOn', { date: formatDate(match.frozenAt, i18n.language, true) })}
          </Box>
        )}
        {!result.checks.includes('inclusion') && (
          <Box sx={{ mt: 0.5 }}>{t('process:verify.nothingToCheck')}</Box>
        )}
      </Alert>
      {root && sameEstate && published.data && !match && (
        <Alert severity="warning">{t('process:verify.notPublishedRoot')}</Alert>
      )}
      <Alert severity="info" data-testid="verify-not-in-copy">
        {t('process:verify.notInCopy')}
      </Alert>
    </Box>
  );
}
