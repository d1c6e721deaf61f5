import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Agreement } from '@estate/domain/schemas/agreements';
import { useAgreements } from '../../../shared/api/consent';
import { errorMessage } from '../../../shared/api/error-message';
import { formatDate } from '../../../shared/i18n/format';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { usePolicy } from '../../../shared/session/actor';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { PageLayout } from '../../../shared/ui/page-layout';
import { useReadingContext } from '../components/estate-param';

/** `mustAccept`: the viewer must accept before taking part; others may read without accepting. */
function DocumentCard({ doc, query, mustAccept }: { doc: Agreement; query: string; mustAccept: boolean }) {
  const { t, i18n } = useTranslation('consent');
  const read = (part: number) => `/agreements/${doc.kind}/${part}${query}`;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={`doc-${doc.kind}`} sx={{ p: { xs: 2, sm: 3 }, mb: 2 }} data-testid={`agreement-${doc.kind}`}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Typography id={`doc-${doc.kind}`} component="h2" variant="h5" sx={{ flex: '1 1 auto' }}>
          {doc.title}
        </Typography>
        {doc.acceptedAt ? (
          <Chip color="success" variant="outlined" label={t('overview.accepted')} />
        ) : mustAccept ? (
          <Chip color="warning" variant="filled" label={t('overview.notYet')} />
        ) : (
          <Chip variant="outlined" label={t('overview.notNeeded')} />
        )}
      </Box>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        {t('overview.version', { version: doc.version })} · {t('overview.parts', { count: doc.parts.length })}
      </Typography>
      {doc.acceptedAt && <Typography sx={{ mb: 1.5 }}>{t('overview.acceptedOn', { date: formatDate(doc.acceptedAt, i18n.language) })}</Typography>}
      {!doc.acceptedAt && doc.previouslyAccepted && (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          {t('overview.changed', { version: doc.previouslyAccepted.version, date: formatDate(doc.previouslyAccepted.acceptedAt, i18n.language) })}
        </Alert>
      )}
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 1 }}>
        {t('overview.contents')}
      </Typography>
      <Box component="ol" sx={{ m: 0, mb: 2, paddingInlineStart: 3 }}>
        {doc.parts.map((part, i) => (
          <Box component="li" key={part.id} sx={{ py: 0.5 }}>
            <Link component={RouterLink} to={read(i + 1)} dir="auto" sx={{ display: 'inline-block', py: 0.75 }}>
              {part.title}
            </Link>
          </Box>
        ))}
      </Box>
      <Button variant={doc.acceptedAt || !mustAccept ? 'outlined' : 'contained'} component={RouterLink} to={read(1)} sx={{ minHeight: 48, width: { xs: '100%', sm: 'auto' } }}>
        {doc.acceptedAt ? t('overview.readAgain') : t('overview.start')}
      </Button>
    </Paper>
  );
}

/** `/agreements`: the Terms of Use and the Estate Agreement of the estate, and where each stands. */
export function AgreementsPage() {
  const { t } = useTranslation('consent');
  const { estateId, back, query } = useReadingContext();
  const agreements = useAgreements(estateId);
  const policy = usePolicy(estateId);
  // The server says whether this person must accept (they take part in choosing and have not
  // accepted both); someone who does not take part may read the documents without accepting.
  const mustAccept = agreements.data?.required ?? true;
  const docs = agreements.data?.agreements ?? [];
  const allAccepted = docs.length > 0 && docs.every((d) => d.acceptedAt);
  return (
    <PageLayout title={t('overview.title')} subtitle={t('overview.intro')} maxWidth={760}>
      {!estateId && <EmptyState title={t('overview.noEstate')} />}
      {agreements.isPending && estateId && <FullPageLoader />}
      {agreements.isError && <Alert severity="error">{errorMessage(agreements.error, t)}</Alert>}
      {docs.length > 0 && !mustAccept && !allAccepted && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('overview.notNeededNote')}
        </Alert>
      )}
      {allAccepted && (
        <Alert severity="success" sx={{ mb: 2 }} action={back ? <Button component={RouterLink} to={back} color="inherit" sx={{ minHeight: 48 }}>{t('overview.continue')}</Button> : undefined}>
          {t('overview.allDone')}
        </Alert>
      )}
      {docs.map((doc) => (
        <DocumentCard key={doc.kind} doc={doc} query={query} mustAccept={mustAccept} />
      ))}
      {policy.can('agreement.viewAll') && (
        <Button component={RouterLink} to="/trustee/agreements" sx={{ minHeight: 48 }}>
          {t('overview.trusteeLink')}
        </Button>
      )}
    </PageLayout>
  );
}
