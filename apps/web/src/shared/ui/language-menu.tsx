import { Suspense, useState, type ReactElement } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { LANGUAGE_NAMES } from '../i18n/i18n';
import { useSettings } from '../settings/settings-context';
import { lazyNamed } from './lazy-named';
import { TextButton } from './plain-controls';
import { TranslateIcon } from './plain-icons';

const LanguageList = lazyNamed(() => import('./language-list'), 'LanguageList');
const MENU_ID = 'language-menu';

export type LanguageTriggerProps = {
  'aria-haspopup': 'menu';
  'aria-controls': string | undefined;
  'aria-expanded': true | undefined;
  'aria-label': string;
  onClick: (event: React.MouseEvent<HTMLElement>) => void;
};

/**
 * Picks en, tr or ar; Arabic also turns the page right-to-left. The list loads on first use.
 * By default a text button with the current language's name; `renderTrigger` draws another.
 */
export function LanguageMenu({
  renderTrigger,
}: {
  renderTrigger?: (props: LanguageTriggerProps) => ReactElement;
}) {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const triggerProps: LanguageTriggerProps = {
    'aria-haspopup': 'menu',
    'aria-controls': anchor ? MENU_ID : undefined,
    'aria-expanded': anchor ? true : undefined,
    'aria-label': `${t('language.choose')}: ${LANGUAGE_NAMES[settings.language]}`,
    onClick: (event) => setAnchor(event.currentTarget),
  };
  return (
    <>
      {renderTrigger ? (
        renderTrigger(triggerProps)
      ) : (
        <TextButton type="button" {...triggerProps}>
          <TranslateIcon />
          {LANGUAGE_NAMES[settings.language]}
        </TextButton>
      )}
      {anchor && (
        <Suspense fallback={null}>
          <LanguageList id={MENU_ID} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
