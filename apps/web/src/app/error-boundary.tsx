import { Component, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { i18n } from '../shared/i18n/i18n';
import { ContainedButton } from '../shared/ui/plain-controls';

type State = { failed: boolean };

/**
 * Catches a page that fails to render (or to load after a new release) and offers a reload,
 * instead of a blank screen. `resetKey` (the path) clears it when the person navigates away.
 */
export class ErrorBoundary extends Component<
  { children: ReactNode; resetKey: string },
  State & { key: string }
> {
  override state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: State & { key: string }) {
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Box role="alert" sx={{ maxWidth: 480, mx: 'auto', my: 8, px: 3, textAlign: 'center' }}>
        <Typography component="h1" variant="h2" sx={{ mb: 2 }}>
          {i18n.t('errors.page500.title')}
        </Typography>
        <Typography sx={{ mb: 3 }}>{i18n.t('errors.page500.message')}</Typography>
        <ContainedButton type="button" onClick={() => window.location.reload()}>
          {i18n.t('errors.reload')}
        </ContainedButton>
      </Box>
    );
  }
}
