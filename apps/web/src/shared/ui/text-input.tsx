import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { alpha, styled } from '@mui/material/styles';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & {
  label: ReactNode;
  error?: boolean;
  helperText?: ReactNode;
  /** A button inside the field's end (e.g. show password). */
  endAdornment?: ReactNode;
};

const Root = styled('div')({ display: 'flex', flexDirection: 'column', gap: 6, width: '100%' });

const Label = styled('label')(({ theme }) => ({
  fontWeight: 600,
  fontSize: '0.95rem',
  color: theme.palette.text.primary,
}));

const Field = styled('div')(({ theme }) => {
  const border = theme.palette.mode === 'dark' ? '#8b959c' : '#767e87';
  return {
    display: 'flex',
    alignItems: 'center',
    minHeight: 48,
    borderRadius: theme.shape.borderRadius,
    border: `1px solid ${border}`,
    backgroundColor: theme.palette.background.paper,
    paddingInlineEnd: 4,
    transition: theme.transitions.create(['border-color', 'box-shadow']),
    '&:hover': { borderColor: theme.palette.text.primary },
    '&:focus-within': {
      borderColor: theme.palette.primary.main,
      boxShadow: `0 0 0 3px ${alpha(theme.palette.primary.main, 0.35)}`,
    },
    '&[data-error]': { borderColor: theme.palette.error.main },
    '&[data-error]:focus-within': { boxShadow: `0 0 0 3px ${alpha(theme.palette.error.main, 0.3)}` },
    '&[data-readonly]': { backgroundColor: theme.palette.action.hover },
  };
});

const Input = styled('input')(({ theme }) => ({
  flex: 1,
  minWidth: 0,
  border: 0,
  outline: 0,
  background: 'transparent',
  color: theme.palette.text.primary,
  font: 'inherit',
  fontSize: '1rem',
  padding: '12px 14px',
  '&::placeholder': { color: theme.palette.text.secondary, opacity: 1 },
}));

const Helper = styled('p')(({ theme }) => ({
  margin: 0,
  fontSize: '0.875rem',
  color: theme.palette.text.secondary,
  '&[data-error]': { color: theme.palette.error.main, fontWeight: 500 },
}));

/**
 * A text field with its label above it (easier to read than a floating label), a visible focus
 * ring and an error message tied to the input. Forms here ask only for what is needed, so no
 * asterisks; `required` still tells assistive technology. The ref reaches the <input>, so react-hook-form's
 * `register()` can be spread onto it directly.
 */
export const TextInput = forwardRef<HTMLInputElement, Props>(function TextInput(
  { label, error, helperText, endAdornment, id, required, readOnly, ...rest },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const helpId = `${inputId}-help`;
  return (
    <Root>
      <Label htmlFor={inputId}>{label}</Label>
      <Field data-error={error ? '' : undefined} data-readonly={readOnly ? '' : undefined}>
        <Input
          ref={ref}
          id={inputId}
          required={required}
          readOnly={readOnly}
          aria-invalid={error ? true : undefined}
          aria-describedby={helperText ? helpId : undefined}
          {...rest}
        />
        {endAdornment}
      </Field>
      {helperText && (
        <Helper id={helpId} data-error={error ? '' : undefined} aria-live={error ? 'polite' : undefined}>
          {helperText}
        </Helper>
      )}
    </Root>
  );
});
