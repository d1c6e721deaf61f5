import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from '../i18n/use-translation';
import { formatDate } from '../i18n/format';
import { deviceText } from './device-text';
import { useSession } from './session-context';

const SEEN_KEY = 'estate.linkSignInsSeen';

function readSeen(): string[] {
  try {
    const raw: unknown = JSON.parse(window.localStorage.getItem(SEEN_KEY) ?? '[]');
    return Array.isArray(raw) ? raw.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function writeSeen(ids: string[]): void {
  try {
    // The server keeps the newest five; a few more here is plenty.
    window.localStorage.setItem(SEEN_KEY, JSON.stringify(ids.slice(-20)));
  } catch {
    // Private mode: the notice shows again next time, which is safe.
  }
}

/**
 * Issue 31: "Your account was signed in with an emailed link on <date> (<device>)." Shown on the
 * person's other devices (the server leaves out the session that used the link) until they say
 * they have read it on this device; the way to end that session is one tap away.
 */
export function LinkSignInNotice() {
  const { t, i18n } = useTranslation();
  const { me } = useSession();
  const [seen, setSeen] = useState(readSeen);
  // On the Sessions page itself the session to end is listed just below.
  const onSessions = useLocation().pathname.startsWith('/profile/sessions');
  const unseen = (me?.linkSignIns ?? []).filter((s) => !seen.includes(s.sessionId));
  const newest = unseen[0];
  if (!newest) return null;
  const dismiss = () => {
    const next = [...seen, ...unseen.map((s) => s.sessionId)];
    writeSeen(next);
    setSeen(next);
  };
  return (
    <Alert severity="warning" sx={{ mb: 3, fontSize: '1rem' }} data-testid="link-sign-in-notice">
      {t(onSessions ? 'sessions:notice.textHere' : 'sessions:notice.text', { date: formatDate(newest.at, i18n.language, true), device: deviceText(newest.userAgent, t) })}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
        {!onSessions && (
          <Button component={RouterLink} to="/profile/sessions" variant="outlined" color="inherit" sx={{ minHeight: 48 }} onClick={dismiss}>
            {t('sessions:notice.review')}
          </Button>
        )}
        <Button color="inherit" sx={{ minHeight: 48 }} onClick={dismiss}>
          {t('sessions:notice.dismiss')}
        </Button>
      </Box>
    </Alert>
  );
}
