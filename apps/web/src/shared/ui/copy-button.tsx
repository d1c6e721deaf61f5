import { useState } from 'react';
import Button from '@mui/material/Button';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Check from '@mui/icons-material/Check';
import { useTranslation } from '../i18n/use-translation';

/** Copies a text (e.g. an invitation link) and says so. */
export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2500);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Button
      variant="outlined"
      onClick={() => void copy()}
      startIcon={copied ? <Check /> : <ContentCopy />}
      aria-live="polite"
    >
      {copied ? t('actions.copied') : (label ?? t('actions.copyLink'))}
    </Button>
  );
}
