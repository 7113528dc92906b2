import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { DefinedGridProps } from './DefinedGrid';

const Grid = lazy(() => import('./DefinedGrid').then((module) => ({ default: module.DefinedGrid })));

/**
 * <DefinedGrid> loaded when a grid is drawn: AG Grid (about 420 kB gzip) comes with the first grid, not with
 * every screen that draws definitions (the start page draws only cards; issue 37).
 */
export function LazyDefinedGrid(props: DefinedGridProps) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={props.height ?? 'max(420px, calc(100vh - 260px))'} aria-hidden />}>
      <Grid {...props} />
    </Suspense>
  );
}
