import ReportProblem from '@mui/icons-material/ReportProblemOutlined';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorFrame } from '../components/error-frame';

export function Error500Page() {
  const { t } = useTranslation();
  return (
    <ErrorFrame
      code="500"
      title={t('errors.page500.title')}
      message={t('errors.page500.message')}
      icon={<ReportProblem aria-hidden="true" />}
    />
  );
}
