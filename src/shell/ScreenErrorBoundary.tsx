import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';

interface BoundaryProps {
  /** The screen's address: a new one (the user chose another screen) clears the fault. */
  resetKey: string;
  fallback: ReactNode;
  children: ReactNode;
}

class Boundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('Screen failed', error);
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function ScreenFailed() {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: 3, maxWidth: 640, mx: 'auto' }} data-testid="screen-error">
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            {t('common.reload')}
          </Button>
        }
      >
        {t('errors.screen')}
      </Alert>
    </Box>
  );
}

/**
 * Around each screen inside a layout: a screen that throws (while rendering, in an effect, or while it is
 * left) shows its own error where it stood, and the header, footer and menus stay usable. Choosing another
 * screen clears it.
 */
export function ScreenErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Boundary resetKey={pathname} fallback={<ScreenFailed />}>
      {children}
    </Boundary>
  );
}
