import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import EventAvailable from '@mui/icons-material/EventAvailableOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation';
import { EmptyState } from '../../shared/ui/empty-state';
import { PageLayout } from '../../shared/ui/page-layout';

/**
 * A page of the estate that is not open at its current stage (a link from an email, a bookmark):
 * it says when it opens, or until when it was open, and leads home, instead of sending the person
 * home without a word.
 */
export function NotOpenNow({ reason, stageName }: { reason: string; stageName: string }) {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('notOpen.title')}>
      <Card variant="outlined">
        <EmptyState
          icon={<EventAvailable />}
          title={reason}
          action={
            <Button component={RouterLink} to="/" variant="contained" size="large">
              {t('errors.goHome')}
            </Button>
          }
        >
          {t('notOpen.now', { stage: stageName })}
        </EmptyState>
      </Card>
    </PageLayout>
  );
}
