import Skeleton from '@mui/material/Skeleton';
import { Suspense, useDeferredValue, useState } from 'react';
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
  // AG Grid starts (its beans, its theme's CSS, a measure of the page) in the commit that mounts it: drawn with
  // the page around it, on a query's answer (a synchronous render), that was one task of 200–250 ms at 4×
  // slowdown. The grid comes in the render after the page's own, a task of its own.
  const drawGrid = useDeferredValue(true, false);
  const skeleton = <Skeleton variant="rounded" height={props.height ?? 'max(420px, calc(100vh - 260px))'} aria-hidden />;
  return <Suspense fallback={skeleton}>{drawGrid ? <Grid {...props} /> : skeleton}</Suspense>;
}
