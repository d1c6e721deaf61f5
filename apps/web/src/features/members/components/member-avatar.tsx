import Avatar from '@mui/material/Avatar';
import { initials } from '../../../shared/ui/initials';

/** A person's picture, or their initials on a colour when they have none. Decorative: the name is beside it. */
export function MemberAvatar({ name, url, size = 48 }: { name: string; url: string | null; size?: number }) {
  return (
    <Avatar
      src={url ?? undefined}
      alt=""
      aria-hidden="true"
      sx={{ width: size, height: size, bgcolor: 'primary.main', fontSize: size > 56 ? '1.5rem' : '1.1rem' }}
    >
      {initials(name)}
    </Avatar>
  );
}
