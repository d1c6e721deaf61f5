import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import MarkEmailRead from '@mui/icons-material/MarkEmailReadOutlined';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { formatDate } from '../../../shared/i18n/format';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { PageLayout } from '../../../shared/ui/page-layout';
import { useOutbox } from '../api';
import { LinkedText } from '../components/linked-text';

/** `/admin/outbox`: mails the server would have sent, for installations without SMTP. */
export function AdminOutboxPage() {
  const { t, i18n } = useTranslation();
  const outbox = useOutbox();
  return (
    <PageLayout title={t('nav.adminOutbox')} subtitle={t('admin.outbox.subtitle')} maxWidth={900}>
      {outbox.isPending && <FullPageLoader />}
      {outbox.isError && <Alert severity="error">{errorMessage(outbox.error, t)}</Alert>}
      {outbox.data?.length === 0 && <EmptyState icon={<MarkEmailRead />} title={t('admin.outbox.empty')} />}
      {outbox.data?.map((message) => (
        <Accordion key={message.id} disableGutters variant="outlined">
          <AccordionSummary
            expandIcon={<ExpandMore />}
            aria-controls={`mail-${message.id}`}
            id={`mail-${message.id}-head`}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{message.subject}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {t('admin.outbox.to', { to: message.to })} ·{' '}
                {formatDate(message.createdAt, i18n.language, true)}
              </Typography>
            </Box>
          </AccordionSummary>
          <AccordionDetails id={`mail-${message.id}`}>
            <Typography component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} dir="auto">
              <LinkedText text={message.text} />
            </Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </PageLayout>
  );
}
