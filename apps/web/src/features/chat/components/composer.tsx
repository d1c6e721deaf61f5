import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import Close from '@mui/icons-material/Close';
import Send from '@mui/icons-material/Send';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { MESSAGE_MAX } from '@estate/domain/schemas/conversations';
import { errorMessage } from '../../../shared/api/error-message';
import type { ItemRef } from '../../../shared/chat/ask-about';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { usePolicy } from '../../../shared/session/actor';
import { notify } from '../../../shared/ui/notify';
import { useSendMessage, useStartConversation } from '../api';

type Props = {
  estateId: string;
  conversationId: string | null;
  /** Someone not talked with yet: their conversation is made with the first message. */
  memberId: string | null;
  attached: ItemRef | null;
  onAttachedChange: (item: ItemRef | null) => void;
  onStarted: (conversationId: string) => void;
  onSent: () => void;
};

/** "Type your message": Enter sends, Shift+Enter starts a new line; blank text is never sent. */
export function Composer({ estateId, conversationId, memberId, attached, onAttachedChange, onStarted, onSent }: Props) {
  const { t } = useTranslation('chat');
  const theme = useTheme();
  const policy = usePolicy(estateId);
  const [text, setText] = useState('');
  const send = useSendMessage(estateId);
  const start = useStartConversation(estateId);
  const decision = policy.decide('chat.post');
  const busy = send.isPending || start.isPending;
  const blank = text.trim().length === 0;
  const tooLong = text.length > MESSAGE_MAX;

  if (!decision.ok) {
    return (
      <Box sx={{ display: 'flex', gap: 1, p: 2, borderTop: 1, borderColor: 'divider', color: 'text.secondary' }} data-testid="chat-refused">
        <InfoOutlined fontSize="small" sx={{ mt: '3px' }} aria-hidden="true" />
        <Typography>{decision.reason === 'closed' ? t('closed') : decision.reason === 'support' ? t('support:refusal') : t('cannotWrite')}</Typography>
      </Box>
    );
  }

  const submit = async () => {
    if (blank || tooLong || busy) return;
    try {
      let cid = conversationId;
      if (!cid && memberId) {
        cid = (await start.mutateAsync(memberId)).id;
      }
      if (!cid) return;
      await send.mutateAsync({ conversationId: cid, text: text.trim(), ...(attached && attached.estateId === estateId ? { itemId: attached.id } : {}) });
      setText('');
      onAttachedChange(null);
      onSent();
      if (cid !== conversationId) onStarted(cid);
    } catch (error) {
      notify(errorMessage(error, t), 'error');
    }
  };

  return (
    <Box component="form" onSubmit={(e) => { e.preventDefault(); void submit(); }} sx={{ borderTop: 1, borderColor: 'divider', p: 1, bgcolor: 'background.paper' }}>
      {attached && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, p: 0.5, border: 1, borderColor: 'divider', borderRadius: 1.5 }} data-testid="chat-attached">
          {attached.thumbUrl && <Box component="img" src={attached.thumbUrl} alt="" sx={{ width: 40, height: 40, objectFit: 'cover', borderRadius: 1 }} />}
          <Typography dir="auto" sx={{ flex: 1, minWidth: 0, fontSize: '0.875rem', overflowWrap: 'anywhere' }}>
            {t('aboutLabel')} <bdi>{attached.name}</bdi>
          </Typography>
          <IconButton onClick={() => onAttachedChange(null)} aria-label={t('removeItem')} sx={{ width: 48, height: 48 }}>
            <Close />
          </IconButton>
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5 }}>
        <InputBase
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void submit();
            }
          }}
          placeholder={t('typeMessage')}
          inputProps={{ 'aria-label': t('typeMessage'), dir: 'auto', 'data-testid': 'chat-input' }}
          multiline
          maxRows={5}
          sx={{ flex: 1, px: 1.5, py: 1, minHeight: 48, border: 1, borderColor: 'divider', borderRadius: 3, fontSize: '1rem' }}
        />
        <IconButton type="submit" color="primary" disabled={blank || tooLong || busy} aria-label={t('send')} sx={{ width: 48, height: 48 }}>
          <Send sx={{ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined }} />
        </IconButton>
      </Box>
      {text.length > MESSAGE_MAX - 400 && (
        <Typography role="status" sx={{ fontSize: '0.875rem', color: tooLong ? 'error.main' : 'text.secondary', mt: 0.5, px: 1 }}>
          {t('charactersLeft', { count: MESSAGE_MAX - text.length })}
        </Typography>
      )}
    </Box>
  );
}
