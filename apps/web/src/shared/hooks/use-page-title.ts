import { useEffect } from 'react';
import { useTranslation } from '../i18n/use-translation';

/** Sets the browser tab title: "<page> · Estate Portal". */
export function usePageTitle(title: string | null | undefined): void {
  const { t } = useTranslation();
  const app = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} · ${app}` : app;
  }, [title, app]);
}
