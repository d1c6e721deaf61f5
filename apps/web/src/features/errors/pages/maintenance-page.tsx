import Build from '@mui/icons-material/BuildOutlined';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorFrame } from '../components/error-frame';

export function MaintenancePage() {
  const { t } = useTranslation();
  return (
    <ErrorFrame
      title={t('errors.maintenance.title')}
      message={t('errors.maintenance.message')}
      icon={<Build aria-hidden="true" />}
    />
  );
}
