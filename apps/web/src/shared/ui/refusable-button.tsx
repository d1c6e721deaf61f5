import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import InfoOutlined from '@mui/icons-material/InfoOutlined';

/** `sx` defaults to a 48 px high touch target. */
type Props = ButtonProps & {
  /** Why it cannot be done now, in plain words; the button is then disabled and says so. */
  refusal?: string | null;
  /** What the person can do about it (shown under the reason). */
  hint?: string;
};

/**
 * A button that is offered only as far as the server will allow it: when refused it stays on the
 * page, disabled, with its reason beside it (linked for screen readers) — never an error after a
 * confirmation.
 */
export function RefusableButton({ refusal, hint, disabled, sx = { minHeight: 48 }, ...props }: Props) {
  const reasonId = useId();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
      <Button
        {...props}
        disabled={Boolean(refusal) || disabled}
        aria-describedby={refusal ? reasonId : undefined}
        sx={sx}
      />
      {refusal && (
        <RefusalNote id={reasonId}>
          {refusal}
          {hint && (
            <Typography component="span" variant="body2" sx={{ display: 'block', mt: 0.5 }}>
              {hint}
            </Typography>
          )}
        </RefusalNote>
      )}
    </Box>
  );
}

/**
 * Why one or more buttons beside it are disabled (they point here with `aria-describedby={id}`), so a
 * row of buttons refused for one reason says it once.
 */
export function RefusalNote({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Box id={id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flex: '1 1 240px', color: 'text.secondary' }}>
      <InfoOutlined fontSize="small" sx={{ mt: '3px', flexShrink: 0 }} aria-hidden="true" />
      <Typography component="span" dir="auto">
        {children}
      </Typography>
    </Box>
  );
}
