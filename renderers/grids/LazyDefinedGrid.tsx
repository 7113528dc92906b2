import Skeleton from '@mui/material/Skeleton';
import { Suspense, useState } from 'react';
import type { DefinedGridProps } from './DefinedGrid';
import { gridReadsAhead } from './grid-reads-ahead';
import { GridRenderer as Grid } from './renderer-chunks';
import { useReadsAhead } from './use-reads-ahead';

/**
 * <DefinedGrid> loaded when a grid is drawn: AG Grid (about 285 kB gzip) comes with the first grid, not with
 * every screen that draws definitions (the start page draws only cards; issue 37). Its first rows and metadata
 * are asked for while that code arrives (grid-reads-ahead.ts). (Drawing the grid only once they had come was
 * tried: slower, the grid's own start then waited for the rows.)
 */
export function LazyDefinedGrid(props: DefinedGridProps) {
  // The opening's reads, once: a sort the user leaves later is the grid's own call, not one more ahead.
  const [reads] = useState(() => gridReadsAhead(props));
  useReadsAhead(reads, props.callService);
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={props.height ?? 'max(420px, calc(100vh - 260px))'} aria-hidden />}>
      <Grid {...props} />
    </Suspense>
  );
}
