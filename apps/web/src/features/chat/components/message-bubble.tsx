import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import type { ChatMessage } from '@estate/domain/schemas/conversations';
import { useTranslation } from '../../../shared/i18n/use-translation';

type Props = { message: ChatMessage; estateId: string; mine: boolean; authorName: string | null; onNavigate: () => void };

function timeOf(iso: string, language: string): string {
  const at = new Date(iso);
  const today = new Date().toDateString() === at.toDateString();
  return new Intl.DateTimeFormat(language, today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}

/** One message: the writer's side (the end of the line for one's own), the item it points at, the time. */
export function MessageBubble({ message, estateId, mine, authorName, onNavigate }: Props) {
  const { t, i18n } = useTranslation('chat');
  const item = message.item;
  return (
    <Box
      component="article"
      data-testid="chat-message"
      data-mine={mine ? 'true' : 'false'}
      sx={{ alignSelf: mine ? 'flex-end' : 'flex-start', maxWidth: '88%', display: 'flex', flexDirection: 'column', alignItems: mine ? 'flex-end' : 'flex-start' }}
    >
      {authorName && (
        <Typography component="p" dir="auto" sx={{ fontSize: '0.875rem', fontWeight: 600, color: 'text.secondary', px: 0.5, mb: 0.25 }}>
          {authorName}
        </Typography>
      )}
      <Box
        sx={{
          px: 1.5,
          py: 1,
          borderRadius: 2,
          borderEndEndRadius: mine ? 4 : undefined,
          borderEndStartRadius: mine ? undefined : 4,
          bgcolor: mine ? 'primary.main' : 'background.paper',
          color: mine ? 'primary.contrastText' : 'text.primary',
          border: mine ? 0 : 1,
          borderColor: 'divider',
          maxWidth: '100%',
        }}
      >
        {item && (
          <Box
            component={RouterLink}
            to={`/p/${estateId}/i/${item.id}`}
            onClick={onNavigate}
            data-testid="chat-item-card"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              mb: 1,
              p: 0.75,
              minHeight: 48,
              borderRadius: 1.5,
              bgcolor: 'background.paper',
              color: 'text.primary',
              textDecoration: 'none',
              border: 1,
              borderColor: 'divider',
              '&:hover': { bgcolor: 'action.hover' },
            }}
          >
            {item.thumbUrl ? (
              <Box component="img" src={item.thumbUrl} alt="" sx={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }} />
            ) : (
              <Box sx={{ width: 56, height: 56, borderRadius: 1, bgcolor: 'action.hover', display: 'grid', placeItems: 'center', flexShrink: 0 }} aria-hidden="true">
                <ImageOutlined />
              </Box>
            )}
            <Box sx={{ minWidth: 0 }}>
              <Typography dir="auto" sx={{ fontWeight: 600, overflowWrap: 'anywhere', lineHeight: 1.3 }}>
                {item.name}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ fontSize: '0.875rem' }}>
                <bdi>{item.label}</bdi> · {t('openItem')}
              </Typography>
            </Box>
          </Box>
        )}
        <Typography dir="auto" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', wordBreak: 'break-word' }} data-testid="chat-message-text">
          {message.text}
        </Typography>
      </Box>
      <Typography component="p" sx={{ fontSize: '0.875rem', color: 'text.secondary', px: 0.5, mt: 0.25 }}>
        <time dateTime={message.createdAt}>{timeOf(message.createdAt, i18n.language)}</time>
      </Typography>
    </Box>
  );
}
