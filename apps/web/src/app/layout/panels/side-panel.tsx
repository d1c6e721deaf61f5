import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
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
};

/** A right-hand panel (chat, quick panel, settings); closes on Escape, outside click or the close button. */
export function SidePanel({ open, onClose, title, width, children, id }: Props) {
  const { t } = useTranslation();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: { sx: { width, maxWidth: '100vw' }, role: 'dialog', 'aria-labelledby': `${id}-title` },
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
        <IconButton onClick={onClose} aria-label={t('actions.close')}>
          <Close />
        </IconButton>
      </Box>
      <Box sx={{ flexGrow: 1, overflowY: 'auto' }}>{children}</Box>
    </Drawer>
  );
}
