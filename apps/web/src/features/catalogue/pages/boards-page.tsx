import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import ViewColumn from '@mui/icons-material/ViewColumnOutlined';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { PageLayout } from '../../../shared/ui/page-layout';
import { useLocations } from '../api';
import { useEstate } from '../use-estate';
import { NotFoundNote } from '../components/not-found-note';

/** `/apps/scrumboard/boards`: one board per location (rooms as columns, items as cards). */
export function BoardsPage() {
  const { t } = useTranslation();
  const estate = useEstate();
  const locations = useLocations(estate?.estateId ?? '');
  if (!estate) {
    return (
      <PageLayout title={t('catalogue:board.title')}>
        <NotFoundNote message={t('catalogue:locations.noEstate')} back="/i/" />
      </PageLayout>
    );
  }
  return (
    <PageLayout title={t('catalogue:board.title')} subtitle={t('catalogue:board.subtitle')}>
      {locations.isPending && <FullPageLoader />}
      {locations.isError && <Alert severity="error">{errorMessage(locations.error, t)}</Alert>}
      {locations.data?.length === 0 && (
        <Card variant="outlined">
          <EmptyState
            icon={<ViewColumn />}
            title={t('catalogue:locations.empty.title')}
            action={
              <Button component={RouterLink} to={`/p/${estate.estateId}/l`} variant="contained">
                {t('catalogue:locations.title')}
              </Button>
            }
          >
            {t('catalogue:board.empty')}
          </EmptyState>
        </Card>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}>
        {locations.data?.map((location) => (
          <Card key={location.id} variant="outlined" sx={{ borderTop: 6, borderTopColor: location.settings.color ?? '#5b7083' }}>
            <CardActionArea component={RouterLink} to={`/apps/scrumboard/boards/${location.id}`}>
              <CardContent>
                <Typography component="h2" variant="h6">
                  {location.name}
                </Typography>
                <Typography color="text.secondary">
                  {t('catalogue:locations.counts', { rooms: location.roomCount, items: location.itemCount })}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    </PageLayout>
  );
}
