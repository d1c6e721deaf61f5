import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { formatDate } from '../../../shared/i18n/format';

type Props = {
  id: string;
  anchor: HTMLElement;
  onClose: () => void;
  estateName: string;
  stage: number;
  name: string;
  deadline: string | null | undefined;
};

/** What happens in the estate's current stage (loaded on first use: stage-badge.tsx). */
export function StagePopover({ id, anchor, onClose, estateName, stage, name, deadline }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <Popover
      id={id}
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { sx: { p: 2.5, maxWidth: 380 }, role: 'dialog', 'aria-label': name } }}
    >
      <Typography variant="body2" color="text.secondary">
        {t('stage.current', { estate: estateName })}
      </Typography>
      <Typography component="h2" variant="h4" sx={{ mt: 0.5, mb: 1 }}>
        {name}
      </Typography>
      <Typography dir="auto">{t(`stage.${stage}.help`, { ns: 'stages' })}</Typography>
      {deadline && (
        <Typography sx={{ mt: 1.5, fontWeight: 600 }}>
          {t('stage.deadline', { date: formatDate(deadline, i18n.language, true) })}
        </Typography>
      )}
    </Popover>
  );
}
