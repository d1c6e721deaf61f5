import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useTranslation } from '../../../shared/i18n/use-translation';

/** "Requested location do not exist." and friends (seed section 8), with a way back. */
export function NotFoundNote({ message, back }: { message: string; back?: string }) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined">
      <EmptyState
        title={message}
        action={
          back && (
            <Button component={RouterLink} to={back} variant="outlined">
              {t('catalogue:common.back')}
            </Button>
          )
        }
      />
    </Card>
  );
}
