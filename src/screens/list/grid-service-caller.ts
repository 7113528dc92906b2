import type { ServiceName } from '../../../contract';
import { callService } from '../../api';
import type { GridServiceCaller } from '../../../renderers/grids';

/**
 * The service caller a defined grid gets: calls named by a definition file (checked by `npm run definitions:check`),
 * errors reported by the grid's onError, not here; reads shared, an answer asked ahead kept for its part (api `share`).
 */
export const gridServiceCaller: GridServiceCaller = (service, method, body, options) =>
  callService(service as ServiceName, method as never, body as never, { signal: options?.signal, suppressErrors: true, share: true, ahead: options?.ahead });
