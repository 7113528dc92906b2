import { useEffect } from 'react';
import type { OpeningRead } from '../../engine/grids/opening-reads';
import type { GridServiceCaller } from './grid-service';

/**
 * Asks for reads a part will make while its code is on its way (issue 37): the service client keeps each answer
 * for the identical call the part makes once drawn (`ahead`). Asked again only when the reads themselves change.
 */
export function useReadsAhead(reads: readonly OpeningRead[], callService: GridServiceCaller): void {
  const asked = JSON.stringify(reads);
  useEffect(() => {
    for (const read of JSON.parse(asked) as OpeningRead[]) void callService(read.service, read.method, read.body, { ahead: true }).catch(() => undefined);
  }, [asked, callService]);
}
