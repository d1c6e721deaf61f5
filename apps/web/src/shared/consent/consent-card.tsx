import { Link as RouterLink, useLocation } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { agreementsPath, useConsentNeeded } from '../api/consent';
import { useTranslation } from '../i18n/use-translation';

/**
 * Shown where a person would give input (review, hearts, ranking, tokens) before they have
 * accepted the current Terms of Use and Agreement: a friendly lead to the documents, never an
 * error after the fact. Renders nothing once they have accepted (or when they give no input now).
 */
export function ConsentCard({ estateId }: { estateId: string | null | undefined }) {
  const { t } = useTranslation('consent');
  const location = useLocation();
  const needed = useConsentNeeded(estateId);
  if (!needed || !estateId) return null;
  return (
    <Paper
      variant="outlined"
      data-testid="consent-card"
      sx={{ p: { xs: 2, sm: 2.5 }, mb: 2, borderColor: 'warning.main', borderInlineStartWidth: 4 }}
    >
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('card.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('card.body')}</Typography>
      <Button
        variant="contained"
        component={RouterLink}
        to={agreementsPath(estateId, `${location.pathname}${location.search}`)}
        sx={{ minHeight: 48 }}
      >
        {t('card.action')}
      </Button>
    </Paper>
  );
}
