import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { formatDate } from '../../../shared/i18n/format';
import { currentMembership } from '../../../shared/session/current-estate';
import { useSession } from '../../../shared/session/session-context';
import { EmptyState } from '../../../shared/ui/empty-state';
import { InputsCounted } from '../../../shared/ui/inputs-counted';
import { PageLayout } from '../../../shared/ui/page-layout';
import { downloadDrawRecord, useDrawList } from '../../../shared/api/draws';

/** A label in the reader's language, then a fingerprint (hex) left to right. */
function Fingerprint({ label, value }: { label: string; value: string }) {
  return (
    <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
      {label}:{' '}
      <Box component="bdi" dir="ltr" sx={{ fontFamily: 'monospace' }}>
        {value}
      </Box>
    </Typography>
  );
}

/**
 * The estate's draw records: when each step ran, its commitment, the fingerprint of the sealed
 * choices it used (and the input hash, for those who see full records), and a download.
 */
export function DrawList() {
  const { t, i18n } = useTranslation();
  const { me } = useSession();
  const estateId = currentMembership(me)?.estateId ?? null;
  const draws = useDrawList(estateId);
  const [error, setError] = useState<string | null>(null);
  if (draws.isError) return <Alert severity="error">{errorMessage(draws.error, t)}</Alert>;
  if (!draws.data || !estateId) return null;
  if (draws.data.draws.length === 0) return <Typography color="text.secondary">{t('process:draws.none')}</Typography>;
  return (
    <Box>
      {error && <Alert severity="error">{error}</Alert>}
      {draws.data.draws.map((d) => (
        <Paper key={d.step} variant="outlined" sx={{ p: 2, mb: 1.5 }} data-testid="draw">
          <Typography sx={{ fontWeight: 700 }}>{t(`stages:stage.${d.step}.name`)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('process:draws.ranAt', { date: formatDate(d.ranAt, i18n.language, true) })}
          </Typography>
          {(d.commitment || d.inputCommitment || d.inputHash) && (
            // The fingerprints are for those who check by hand: folded away, one tap to open.
            <Box component="details" sx={{ mt: 1, '& > summary': { cursor: 'pointer', minHeight: 48, display: 'flex', alignItems: 'center', fontWeight: 600 } }}>
              <summary>{t('process:draws.fingerprints')}</summary>
              {d.commitment && <Fingerprint label={t('process:commitments.commitment')} value={d.commitment} />}
              {d.inputCommitment && <Fingerprint label={t('process:draws.inputCommitment')} value={d.inputCommitment} />}
              {d.inputHash && <Fingerprint label={t('process:draws.inputHash')} value={d.inputHash} />}
            </Box>
          )}
          <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" sx={{ minHeight: 48 }} onClick={() => void downloadDrawRecord(estateId, d.step).catch((e) => setError(errorMessage(e, t)))}>
              {t('process:draws.download')}
            </Button>
            <Button sx={{ minHeight: 48 }} component={RouterLink} to={`/draws/verify?step=${d.step}`}>
              {t('process:draws.verify')}
            </Button>
          </Box>
        </Paper>
      ))}
    </Box>
  );
}

/** `/draws`: every member can see and download the draw records and check them. */
export function DrawsPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const estate = currentMembership(me);
  return (
    <PageLayout
      title={t('process:draws.title')}
      subtitle={t('process:draws.subtitle')}
      maxWidth={900}
      actions={
        <Button variant="outlined" component={RouterLink} to="/draws/verify">
          {t('process:draws.verifyTitle')}
        </Button>
      }
    >
      {estate ? (
        <>
          <InputsCounted />
          <DrawList />
        </>
      ) : (
        <EmptyState title={t('process:common.noEstate')} />
      )}
    </PageLayout>
  );
}
