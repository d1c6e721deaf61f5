import { useEffect, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Fullscreen from '@mui/icons-material/Fullscreen';
import FullscreenExit from '@mui/icons-material/FullscreenExit';
import { useTranslation } from '../../../shared/i18n/use-translation';

export function FullscreenToggle() {
  const { t } = useTranslation();
  const [active, setActive] = useState(
    () => typeof document !== 'undefined' && Boolean(document.fullscreenElement),
  );
  useEffect(() => {
    const onChange = () => setActive(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  if (typeof document === 'undefined' || !document.fullscreenEnabled) return null;
  const label = active ? t('toolbar.exitFullscreen') : t('toolbar.fullscreen');
  return (
    <IconButton
      color="inherit"
      aria-label={label}
      title={label}
      aria-pressed={active}
      onClick={() => void (active ? document.exitFullscreen() : document.documentElement.requestFullscreen())}
    >
      {active ? <FullscreenExit /> : <Fullscreen />}
    </IconButton>
  );
}
