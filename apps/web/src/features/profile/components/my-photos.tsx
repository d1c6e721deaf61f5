import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PhotoLibrary from '@mui/icons-material/PhotoLibraryOutlined';
import { itemLabel } from '@estate/domain/item-status';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { useMyPhotos } from '../profile-api';

/** The photos the person added, in every estate they belong to; each opens its item. */
export function MyPhotos({ manyEstates }: { manyEstates: boolean }) {
  const { t } = useTranslation();
  const photos = useMyPhotos();
  if (photos.isPending) return <FullPageLoader />;
  if (photos.isError) return <Alert severity="error">{t('people:profile.photosFailed')}</Alert>;
  const all = photos.data.pages.flatMap((page) => page.photos);
  if (all.length === 0) {
    return (
      <EmptyState icon={<PhotoLibrary />} title={t('people:profile.photosEmpty')}>
        {t('people:profile.photosBody')}
      </EmptyState>
    );
  }
  return (
    <Box component="section" aria-label={t('people:profile.photosTitle')}>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}>
        {all.map((photo) => {
          const item = `${itemLabel(photo.itemNumber)} ${photo.itemName}`;
          return (
            <li key={photo.id}>
              <Box
                component={RouterLink}
                to={`/p/${photo.estateId}/i/${photo.itemId}`}
                sx={{
                  display: 'block',
                  color: 'inherit',
                  textDecoration: 'none',
                  borderRadius: 1,
                  '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
                }}
              >
                <Box
                  component="img"
                  src={photo.thumbUrl}
                  alt={manyEstates ? t('people:profile.photoOf', { item, estate: photo.estateName }) : item}
                  loading="lazy"
                  sx={{ width: '100%', aspectRatio: '1 / 1', objectFit: 'cover', borderRadius: 1, display: 'block', bgcolor: 'action.hover' }}
                />
                <Typography sx={{ mt: 0.5, overflowWrap: 'anywhere' }} aria-hidden="true">
                  {item}
                </Typography>
                {manyEstates && (
                  <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }} aria-hidden="true">
                    {photo.estateName}
                  </Typography>
                )}
              </Box>
            </li>
          );
        })}
      </Box>
      {photos.hasNextPage && (
        <Button sx={{ mt: 2, minHeight: 48 }} onClick={() => void photos.fetchNextPage()} disabled={photos.isFetchingNextPage}>
          {t('actions.showMore')}
        </Button>
      )}
    </Box>
  );
}
