import SearchOff from '@mui/icons-material/SearchOff';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorFrame } from '../components/error-frame';

export function Error404Page() {
  const { t } = useTranslation();
  return (
    <ErrorFrame
      code="404"
      title={t('errors.page404.title')}
      message={t('errors.page404.message')}
      icon={<SearchOff aria-hidden="true" />}
    />
  );
}
