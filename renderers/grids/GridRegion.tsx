import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MoreColumnsHint } from './MoreColumnsHint';

/**
 * Whether the grid waits for rows. A store of its own, so that showing the
 * progress bar re-renders this region only, never the grid inside it.
 */
export interface LoadingFlag {
  set(loading: boolean): void;
  get(): boolean;
  subscribe(listener: () => void): () => void;
}

export function createLoadingFlag(): LoadingFlag {
  let loading = false;
  const listeners = new Set<() => void>();
  return {
    set(next) {
      if (next === loading) return;
      loading = next;
      listeners.forEach((listener) => listener());
    },
    get: () => loading,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export interface GridRegionProps {
  label: string;
  height: number | string;
  loading: LoadingFlag;
  /** The first page came back empty. */
  empty: boolean;
  filtered: boolean;
  loadError?: string;
  onRetry: () => void;
  /** The grid element: kept as it is when only the loading state changes. */
  children: ReactNode;
}

const BAR_DELAY_MS = 200;

/** The grid's area: progress bar while loading, the empty and error states over the grid. */
export function GridRegion({ label, height, loading, empty, filtered, loadError, onRetry, children }: GridRegionProps) {
  const { t } = useTranslation();
  const isLoading = useSyncExternalStore(loading.subscribe, loading.get);
  const regionRef = useRef<HTMLDivElement>(null);
  // A fast page shows no bar at all: it appears only when the wait is noticeable.
  const [showBar, setShowBar] = useState(false);
  useEffect(() => {
    if (!isLoading) {
      setShowBar(false);
      return;
    }
    const timer = setTimeout(() => setShowBar(true), BAR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isLoading]);
  return (
    <Box ref={regionRef} sx={{ position: 'relative', height }} role="region" aria-label={label} aria-busy={isLoading}>
      <MoreColumnsHint regionRef={regionRef} />
      {isLoading && showBar && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 2 }} aria-label={t('common.loading')} />}
      {children}
      {(loadError || (empty && !isLoading)) && (
        <Box sx={{ position: 'absolute', inset: '56px 0 0 0', display: 'flex', alignItems: 'flex-start', justifyContent: 'center', pt: 6, pointerEvents: 'none' }}>
          {loadError ? (
            <Alert
              severity="error"
              sx={{ pointerEvents: 'auto' }}
              action={
                <Button color="inherit" size="small" onClick={onRetry}>
                  {t('grids.retry')}
                </Button>
              }
              data-testid="grid-error"
            >
              {t('grids.loadFailed')}
            </Alert>
          ) : (
            <Typography color="text.secondary" data-testid="grid-empty">
              {t(filtered ? 'grids.emptyFiltered' : 'grids.empty')}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}
