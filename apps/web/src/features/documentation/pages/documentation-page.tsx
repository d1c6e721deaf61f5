import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PageLayout } from '../../../shared/ui/page-layout';

const SECTIONS = ['start', 'roles', 'stages', 'invite', 'privacy', 'help'] as const;

/** Plain-language guide linked from the footer. */
export function DocumentationPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('docs.title')} subtitle={t('docs.subtitle')} maxWidth={860}>
      <Stack spacing={2}>
        {SECTIONS.map((section) => (
          <Card key={section} variant="outlined" component="section" aria-labelledby={`doc-${section}`}>
            <CardContent>
              <Typography id={`doc-${section}`} component="h2" variant="h3" sx={{ mb: 1 }}>
                {t(`docs.${section}.title`)}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-line' }}>{t(`docs.${section}.body`)}</Typography>
            </CardContent>
          </Card>
        ))}
      </Stack>
    </PageLayout>
  );
}
