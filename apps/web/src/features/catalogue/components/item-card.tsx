import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import Chip from '@mui/material/Chip';
import type { CSSObject, Theme } from '@mui/material/styles';
import CheckCircle from '@mui/icons-material/CheckCircleOutlineOutlined';
import Flag from '@mui/icons-material/FlagOutlined';
import { focusColor } from '../../../shared/theme/themes';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { ListItem } from '@estate/domain/schemas/items';
import { HeartButton } from './heart-button';
import { StatusChip } from './status-chip';

type Props = {
  estateId: string;
  item: ListItem;
  canHeart: boolean;
  approval?: 'approved' | 'flagged';
  /** A card in the first row: its photo is the page's largest paint, so it loads at once, first. */
  eager?: boolean;
  /** Its photo is not asked for yet (the first row's come first); its place is kept. */
  photoWaits?: boolean;
};

/**
 * The card's styles, given once by the list around the cards (`'& .item-card'`): a card is plain
 * elements, so adding a row of them while scrolling costs little.
 */
export const itemCardStyles = (theme: Theme): CSSObject => ({
  '& .item-card': {
    height: '100%',
    display: 'flex',
    flexDirection: 'column',
    boxSizing: 'border-box',
    overflow: 'hidden',
    borderRadius: `${theme.shape.borderRadius}px`,
    border: `1px solid ${theme.palette.divider}`,
    backgroundColor: theme.palette.background.paper,
    color: theme.palette.text.primary,
  },
  '& .item-card-link': {
    flex: 1,
    minHeight: 0,
    display: 'flex',
    flexDirection: 'column',
    color: 'inherit',
    textDecoration: 'none',
    '&:hover': { backgroundColor: theme.palette.action.hover },
    '&:focus-visible': { outline: `3px solid ${focusColor(theme)}`, outlineOffset: -3 },
  },
  '& .item-card-photo': {
    position: 'relative',
    aspectRatio: '4 / 3',
    flexShrink: 0,
    overflow: 'hidden',
    backgroundColor: theme.palette.action.hover,
    color: theme.palette.text.disabled,
    display: 'grid',
    placeItems: 'center',
    '& img': { width: '100%', height: '100%', objectFit: 'cover', display: 'block' },
  },
  '& .item-card-badge': { position: 'absolute', top: 6, insetInlineStart: 6 },
  '& .item-card-text': { padding: theme.spacing(1.25, 1.25, 0.5) },
  '& .item-card-number': {
    ...theme.typography.body2,
    margin: 0,
    color: theme.palette.text.secondary,
    fontVariantNumeric: 'tabular-nums',
    // "A-0001" is one word in every language: never broken, never reordered in Arabic.
    whiteSpace: 'nowrap',
    unicodeBidi: 'isolate',
    direction: 'ltr',
    textAlign: 'start',
  },
  '& .item-card-name': {
    ...theme.typography.body1,
    margin: 0,
    fontWeight: 600,
    lineHeight: 1.3,
    display: '-webkit-box',
    WebkitLineClamp: 3,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    overflowWrap: 'anywhere',
  },
  '& .item-card-footer': {
    display: 'flex',
    alignItems: 'center',
    gap: theme.spacing(0.5),
    padding: theme.spacing(0, 1, 0.5),
    minHeight: 40,
    flexWrap: 'wrap',
  },
  '& .item-card-spacer': { flex: 1 },
});

/** MUI's ImageOutlined as a plain SVG: one per item without a photo, so it should cost nothing. */
export function NoPhotoIcon({ size = 24 }: { size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M19 5v14H5V5zm0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2m-4.86 8.86-3 3.87L9 13.14 6 17h12z" />
    </svg>
  );
}

/** A photo card in the item grid: thumbnail, name, number, status and the heart. */
export const ItemCard = memo(function ItemCard({
  estateId,
  item,
  canHeart,
  approval,
  eager,
  photoWaits,
}: Props) {
  const { t } = useTranslation();
  return (
    <div className="item-card">
      <RouterLink className="item-card-link" to={`/p/${estateId}/i/${item.id}`}>
        <div className="item-card-photo" title={item.thumbUrl ? undefined : t('catalogue:items.noPhoto')}>
          {item.thumbUrl ? (
            <img
              src={photoWaits ? undefined : item.thumbUrl}
              alt=""
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
              {...(eager ? { fetchPriority: 'high' as const } : {})}
            />
          ) : (
            <NoPhotoIcon size={35} />
          )}
          {item.highInterest && (
            <Chip
              className="item-card-badge"
              size="small"
              color="secondary"
              label={t('catalogue:items.highInterest')}
            />
          )}
        </div>
        <div className="item-card-text">
          <p className="item-card-number">{item.label}</p>
          <h3 className="item-card-name">{item.name}</h3>
        </div>
      </RouterLink>
      <div className="item-card-footer">
        <StatusChip status={item.status} distribution={item.distribution} />
        {approval === 'approved' && (
          <CheckCircle color="success" fontSize="small" titleAccess={t('catalogue:review.approved')} />
        )}
        {approval === 'flagged' && (
          <Flag color="warning" fontSize="small" titleAccess={t('catalogue:review.flagged')} />
        )}
        <span className="item-card-spacer" />
        <HeartButton estateId={estateId} item={item} enabled={canHeart} size="small" />
      </div>
    </div>
  );
});
