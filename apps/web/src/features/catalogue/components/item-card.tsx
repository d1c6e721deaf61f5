import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import CheckCircle from '@mui/icons-material/CheckCircleOutlineOutlined';
import Flag from '@mui/icons-material/FlagOutlined';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { ListItem } from '../api';
import { HeartButton } from './heart-button';
import { StatusChip } from './status-chip';

type Props = {
  estateId: string;
  item: ListItem;
  canHeart: boolean;
  approval?: 'approved' | 'flagged';
};

/** A photo card in the item grid: thumbnail, name, number, status and the heart. */
export const ItemCard = memo(function ItemCard({ estateId, item, canHeart, approval }: Props) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardActionArea
        component={RouterLink}
        to={`/p/${estateId}/i/${item.id}`}
        sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}
      >
        <Box sx={{ position: 'relative', aspectRatio: '4 / 3', flexShrink: 0, bgcolor: 'action.hover', overflow: 'hidden' }}>
          {item.thumbUrl ? (
            <Box
              component="img"
              src={item.thumbUrl}
              alt=""
              loading="lazy"
              decoding="async"
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
          ) : (
            <Box
              sx={{ height: '100%', display: 'grid', placeItems: 'center', color: 'text.disabled' }}
              title={t('catalogue:items.noPhoto')}
            >
              <ImageOutlined fontSize="large" aria-hidden="true" />
            </Box>
          )}
          {item.highInterest && (
            <Chip
              size="small"
              color="secondary"
              label={t('catalogue:items.highInterest')}
              sx={{ position: 'absolute', top: 6, insetInlineStart: 6 }}
            />
          )}
        </Box>
        <Box sx={{ p: 1.25, pb: 0.5 }}>
          <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {item.label}
          </Typography>
          <Typography
            component="h3"
            sx={{
              fontWeight: 600,
              lineHeight: 1.3,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              overflowWrap: 'anywhere',
            }}
          >
            {item.name}
          </Typography>
        </Box>
      </CardActionArea>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 1, pb: 0.5, minHeight: 40, flexWrap: 'wrap' }}>
        <StatusChip status={item.status} />
        {approval === 'approved' && (
          <CheckCircle color="success" fontSize="small" titleAccess={t('catalogue:review.approved')} />
        )}
        {approval === 'flagged' && <Flag color="warning" fontSize="small" titleAccess={t('catalogue:review.flagged')} />}
        <Box sx={{ flex: 1 }} />
        <HeartButton estateId={estateId} item={item} enabled={canHeart} size="small" />
      </Box>
    </Card>
  );
});
