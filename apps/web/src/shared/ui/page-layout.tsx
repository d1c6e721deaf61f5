import { Suspense, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../hooks/use-page-title';
import { ClosedEstateBanner } from './closed-estate-banner';
import { useSession } from '../session/session-context';
import { lazyNamed } from './lazy-named';

// Loaded only when there is a sign-in by an emailed link to tell of (issue 31): no weight on the first load.
const LinkSignInNotice = lazyNamed(() => import('../session/link-sign-in-notice'), 'LinkSignInNotice');

type Props = {
  title: string;
  subtitle?: ReactNode;
  /** Buttons on the title line (e.g. "Invite"). */
  actions?: ReactNode;
  children: ReactNode;
  maxWidth?: number;
};

/** A page inside the app shell: a heading line and the content below it. */
export function PageLayout({ title, subtitle, actions, children, maxWidth = 1100 }: Props) {
  usePageTitle(title);
  const { me } = useSession();
  return (
    <Box sx={{ px: { xs: 2, sm: 3, md: 4 }, py: { xs: 2, sm: 3 }, maxWidth, mx: 'auto', width: '100%' }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          mb: 3,
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h1" variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' } }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography component={typeof subtitle === 'string' ? 'p' : 'div'} color="text.secondary" sx={{ mt: 0.5 }}>
              {subtitle}
            </Typography>
          )}
        </Box>
        {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
      </Box>
      {(me?.linkSignIns?.length ?? 0) > 0 && (
        <Suspense fallback={null}>
          <LinkSignInNotice />
        </Suspense>
      )}
      <ClosedEstateBanner />
      {children}
    </Box>
  );
}
