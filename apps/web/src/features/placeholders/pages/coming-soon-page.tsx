import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import HourglassEmpty from '@mui/icons-material/HourglassEmptyOutlined';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { currentMembership } from '../../../shared/session/current-estate';
import { useSession } from '../../../shared/session/session-context';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageLayout } from '../../../shared/ui/page-layout';

/**
 * A real route whose page arrives with a later piece of work: it keeps the page's title and says
 * so plainly, so navigation works end to end meanwhile.
 */
export function ComingSoonPage({ titleKey = 'pages.comingSoon' }: { titleKey?: string }) {
  const { t } = useTranslation();
  const { me } = useSession();
  const estate = currentMembership(me);
  const title = t(titleKey);
  return (
    <PageLayout title={title} subtitle={estate?.estateName}>
      <EmptyState
        icon={<HourglassEmpty />}
        title={t('placeholder.title', { page: title })}
        action={
          <Button component={RouterLink} to="/i/" variant="outlined">
            {t('placeholder.back')}
          </Button>
        }
      >
        {estate ? t('placeholder.bodyEstate', { estate: estate.estateName }) : t('placeholder.body')}
      </EmptyState>
    </PageLayout>
  );
}
