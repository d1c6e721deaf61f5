import { forwardRef, useState, type ComponentProps } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { PlainIconButton } from './plain-controls';
import { VisibilityIcon, VisibilityOffIcon } from './plain-icons';
import { TextInput } from './text-input';

type Props = Omit<ComponentProps<typeof TextInput>, 'type' | 'endAdornment'>;

/** A password input with a show/hide button (seed: "password visibility toggle"). */
export const PasswordField = forwardRef<HTMLInputElement, Props>(function PasswordField(props, ref) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      ref={ref}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="none"
      endAdornment={
        <PlainIconButton
          type="button"
          onClick={() => setVisible((v) => !v)}
          onMouseDown={(event) => event.preventDefault()}
          aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
          aria-pressed={visible}
        >
          {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
        </PlainIconButton>
      }
    />
  );
});
