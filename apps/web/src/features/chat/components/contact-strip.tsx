import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import Groups from '@mui/icons-material/GroupsOutlined';
import type { Conversation } from '@estate/domain/schemas/conversations';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { initials } from '../../../shared/ui/initials';

export type Contact = {
  key: string;
  /** The family's conversation, a one-to-one conversation, or someone not talked with yet. */
  kind: 'estate' | 'direct' | 'member';
  conversation?: Conversation;
  memberId?: string;
  name: string;
};

export const STRIP_WIDTH = 88;

type Props = { contacts: Contact[]; selectedKey: string | null; onSelect: (contact: Contact) => void };

/** The contact strip: one button per contact, avatar, first name and unread count. */
export function ContactStrip({ contacts, selectedKey, onSelect }: Props) {
  const { t } = useTranslation('chat');
  const firstOther = contacts.findIndex((c) => c.kind === 'member');
  return (
    <Box
      component="nav"
      aria-label={t('contacts')}
      sx={{ width: STRIP_WIDTH, flexShrink: 0, overflowY: 'auto', borderInlineEnd: 1, borderColor: 'divider', bgcolor: 'action.hover', py: 1 }}
    >
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {contacts.map((contact, index) => {
          const name = contact.kind === 'estate' ? t('everyone') : contact.name;
          const unread = contact.conversation?.unread ?? 0;
          const selected = contact.key === selectedKey;
          return (
            <Box component="li" key={contact.key}>
              {index === firstOther && index > 0 && (
                <Typography component="p" variant="body2" color="text.secondary" sx={{ px: 0.5, pt: 1.5, pb: 0.5, textAlign: 'center', fontSize: '0.875rem' }}>
                  {t('others')}
                </Typography>
              )}
              <ButtonBase
                onClick={() => onSelect(contact)}
                aria-current={selected ? 'true' : undefined}
                aria-label={unread > 0 ? t('contactUnread', { name, count: unread }) : name}
                data-testid={`chat-contact-${contact.kind === 'estate' ? 'estate' : contact.memberId}`}
                sx={{
                  width: '100%',
                  minHeight: 76,
                  display: 'flex',
                  flexDirection: 'column',
                  gap: 0.5,
                  px: 0.5,
                  py: 1,
                  borderInlineStart: 4,
                  borderColor: selected ? 'primary.main' : 'transparent',
                  bgcolor: selected ? 'background.paper' : 'transparent',
                }}
              >
                <Badge
                  color="error"
                  badgeContent={unread}
                  max={99}
                  overlap="circular"
                  data-testid={unread > 0 ? 'chat-contact-unread' : undefined}
                >
                  <Avatar sx={{ width: 44, height: 44, bgcolor: contact.kind === 'estate' ? 'primary.main' : 'secondary.main', fontSize: '1rem' }} aria-hidden="true">
                    {contact.kind === 'estate' ? <Groups /> : initials(name)}
                  </Avatar>
                </Badge>
                <Typography
                  component="span"
                  dir="auto"
                  sx={{ fontSize: '0.875rem', lineHeight: 1.2, maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: unread > 0 ? 700 : 400 }}
                >
                  {contact.kind === 'estate' ? name : (name.split(/\s+/)[0] ?? name)}
                </Typography>
              </ButtonBase>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
