import { useEffect, useRef } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import { AGREEMENT_KINDS, type AgreementKind } from '@estate/domain/consent';
import { useAgreements } from '../../../shared/api/consent';
import { errorMessage } from '../../../shared/api/error-message';
import { formatDate } from '../../../shared/i18n/format';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { notify } from '../../../shared/ui/notify';
import { PageLayout } from '../../../shared/ui/page-layout';
import { useAccept } from '../api';
import { PlainMarkdown } from '../components/plain-markdown';
import { useReadingContext } from '../components/estate-param';

const isKind = (value: string | undefined): value is AgreementKind => (AGREEMENT_KINDS as readonly string[]).includes(value ?? '');

/**
 * `/agreements/:kind/:part`: one part of the Terms of Use or the Estate Agreement per page, large
 * and plain, with the previous and next part; the last part ends with the accept button.
 */
export function ReaderPage() {
  const { t, i18n } = useTranslation('consent');
  const params = useParams();
  const navigate = useNavigate();
  const { estateId, back, query } = useReadingContext();
  const agreements = useAgreements(estateId);
  const accept = useAccept(estateId ?? '');
  const heading = useRef<HTMLHeadingElement>(null);
  const theme = useTheme();
  // Arrows point the way the text reads.
  const flip = theme.direction === 'rtl' ? { transform: 'scaleX(-1)' } : undefined;
  const kind = isKind(params.kind) ? params.kind : null;
  const number = Math.max(1, Number.parseInt(params.part ?? '1', 10) || 1);
  const doc = kind ? agreements.data?.agreements.find((a) => a.kind === kind) : undefined;
  const part = doc?.parts[number - 1];
  const total = doc?.parts.length ?? 0;
  const last = number === total;

  // A new part starts at its top, with the reader's focus on its title.
  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus();
  }, [kind, number]);

  const partPath = (n: number) => `/agreements/${kind ?? 'terms'}/${n}${query}`;
  const onAccept = () => {
    if (!doc || !kind) return;
    accept.mutate(
      { kind, version: doc.version },
      {
        onSuccess: () => {
          const other = agreements.data?.agreements.find((a) => a.kind !== kind && !a.acceptedAt);
          if (other) {
            notify(t('reader.thanksNext'), 'info');
            void navigate(`/agreements/${other.kind}/1${query}`);
          } else {
            notify(t('reader.thanksAll'), 'success');
            void navigate(back ?? `/agreements${query}`);
          }
        },
      },
    );
  };

  if (agreements.isPending && estateId) return <FullPageLoader />;
  const title = doc?.title ?? t('overview.title');
  return (
    <PageLayout title={title} subtitle={doc ? `${t('overview.version', { version: doc.version })}` : undefined} maxWidth={760}>
      {agreements.isError && <Alert severity="error">{errorMessage(agreements.error, t)}</Alert>}
      {agreements.data && !part && (
        <Alert severity="info" action={<Button component={RouterLink} to={`/agreements${query}`} color="inherit">{t('reader.backToList')}</Button>}>
          {t('reader.notFound')}
        </Alert>
      )}
      {doc && part && (
        <>
          <Box sx={{ mb: 2 }}>
            <Typography color="text.secondary" sx={{ mb: 0.5 }} data-testid="part-of">
              {t('reader.partOf', { number, total })}
            </Typography>
            <LinearProgress variant="determinate" value={(number / total) * 100} aria-hidden="true" sx={{ height: 6, borderRadius: 3 }} />
          </Box>
          <Paper component="article" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }} lang={doc.language} dir={doc.language === 'ar' ? 'rtl' : 'ltr'}>
            <Typography ref={heading} tabIndex={-1} component="h2" variant="h5" sx={{ mb: 2, outline: 'none' }}>
              {part.title}
            </Typography>
            <PlainMarkdown text={part.body} />
            {part.estateNote && (
              <Box sx={{ mt: 2, p: 2, borderRadius: 1, bgcolor: 'action.hover', borderInlineStartWidth: 4, borderInlineStartStyle: 'solid', borderColor: 'primary.main' }}>
                <Typography sx={{ fontWeight: 600, mb: 1 }}>{t('reader.estateNote')}</Typography>
                <Typography dir="auto" sx={{ whiteSpace: 'pre-line', lineHeight: 1.7 }}>
                  {part.estateNote}
                </Typography>
              </Box>
            )}
          </Paper>
          {last && doc.acceptedAt && (
            <Alert severity="success" sx={{ mb: 2 }}>
              {t('reader.accepted', { version: doc.version, date: formatDate(doc.acceptedAt, i18n.language) })}
            </Alert>
          )}
          {last && !doc.acceptedAt && (
            <Box sx={{ mb: 2 }}>
              <Button
                variant="contained"
                size="large"
                onClick={onAccept}
                disabled={accept.isPending || !estateId}
                sx={{ minHeight: 56, width: '100%', fontSize: '1.0625rem' }}
              >
                {accept.isPending ? t('reader.accepting') : kind === 'terms' ? t('reader.acceptTerms') : t('reader.acceptAgreement')}
              </Button>
              {accept.isError && (
                <Alert severity="warning" role="alert" sx={{ mt: 1.5 }}>
                  {errorMessage(accept.error, t)}
                </Alert>
              )}
            </Box>
          )}
          <Box component="nav" aria-label={t('overview.contents')} sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', justifyContent: 'space-between' }}>
            {number > 1 ? (
              <Button component={RouterLink} to={partPath(number - 1)} startIcon={<ArrowBack sx={flip} />} sx={{ minHeight: 48, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}>
                {t('reader.previous')}
              </Button>
            ) : (
              <Button component={RouterLink} to={`/agreements${query}`} sx={{ minHeight: 48, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}>
                {t('reader.backToList')}
              </Button>
            )}
            {!last && (
              <Button variant="contained" component={RouterLink} to={partPath(number + 1)} endIcon={<ArrowForward sx={flip} />} sx={{ minHeight: 48, flex: { xs: '1 1 100%', sm: '0 0 auto' }, order: { xs: -1, sm: 0 } }}>
                {t('reader.next')}
              </Button>
            )}
          </Box>
        </>
      )}
    </PageLayout>
  );
}
