import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import SwipeableDrawer from '@mui/material/SwipeableDrawer';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import { useTranslation } from '../../../shared/i18n/use-translation';

type Props = {
  open: boolean;
  onClose: () => void;
  title: string;
  width: number;
  children: ReactNode;
  id: string;
  /** The content fills the panel and scrolls its own parts (the chat's strip and thread). */
  fill?: boolean;
  /** Extra buttons on the title line, before the close button. */
  actions?: ReactNode;
};

const noop = () => undefined;

/**
 * A panel at the end of the page (chat, quick panel, settings; the start in right-to-left); closes
 * on Escape, a click outside, a swipe back towards the edge, or the close button.
 */
export function SidePanel({ open, onClose, title, width, children, id, fill = false, actions }: Props) {
  const { t } = useTranslation();
  return (
    <SwipeableDrawer
      anchor="right"
      open={open}
      onClose={onClose}
      onOpen={noop}
      disableSwipeToOpen
      disableDiscovery
      slotProps={{
        paper: { sx: { width, maxWidth: '100vw' }, role: 'dialog', 'aria-labelledby': `${id}-title`, id } as object,
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 2,
          minHeight: 64,
          borderBottom: 1,
          borderColor: 'divider',
          flexShrink: 0,
        }}
      >
        <Typography id={`${id}-title`} component="h2" variant="h4" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {actions}
        <IconButton onClick={onClose} aria-label={t('actions.close')} sx={{ width: 48, height: 48 }}>
          <Close />
        </IconButton>
      </Box>
      <Box sx={fill ? { flexGrow: 1, minHeight: 0, display: 'flex', flexDirection: 'column' } : { flexGrow: 1, overflowY: 'auto' }}>{children}</Box>
    </SwipeableDrawer>
  );
}
