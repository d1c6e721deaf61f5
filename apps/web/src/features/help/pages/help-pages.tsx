import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { PageLayout } from '../../../shared/ui/page-layout';
import { useContent, type QA } from '../content';

function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text.split('\n\n').map((para, i) => (
        <Typography key={i} dir="auto" sx={{ mb: 1.5, whiteSpace: 'pre-line' }}>
          {para}
        </Typography>
      ))}
    </>
  );
}

function Questions({ items }: { items: QA[] }) {
  return (
    <Box>
      {items.map((q) => (
        <Accordion key={q.id} disableGutters variant="outlined">
          <AccordionSummary expandIcon={<ExpandMore />} id={`q-${q.id}`} aria-controls={`a-${q.id}`}>
            <Typography sx={{ fontWeight: 600 }}>{q.question}</Typography>
          </AccordionSummary>
          <AccordionDetails id={`a-${q.id}`}>
            <Paragraphs text={q.answer} />
            {q.example && (
              <Typography color="text.secondary" dir="auto">
                {q.example}
              </Typography>
            )}
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}

/** `/faq`: the questions families ask most. */
export function FaqPage() {
  const { t, i18n } = useTranslation();
  const faq = useContent('faq', i18n.language);
  return (
    <PageLayout title={t('nav.faq')} maxWidth={800}>
      {faq.isPending && <FullPageLoader />}
      {faq.data && <Questions items={faq.data.items} />}
    </PageLayout>
  );
}

/** `/style`: how to name and describe items. */
export function StylePage() {
  const { t, i18n } = useTranslation();
  const style = useContent('style', i18n.language);
  return (
    <PageLayout title={t('nav.styleGuide')} maxWidth={800}>
      {style.isPending && <FullPageLoader />}
      {style.data && (
        <>
          <Paragraphs text={style.data.intro} />
          <Questions items={style.data.rules} />
        </>
      )}
    </PageLayout>
  );
}
