import type { ServiceName } from '../../../contract';
import { callService } from '../../api';
import type { GridServiceCaller } from '../../../renderers/grids';

/**
 * The service caller a defined grid gets: calls named by a definition file
 * (checked against the catalogue by `npm run definitions:check`), errors not
 * shown here because the grid reports them through its onError. Identical
 * reads under way are shared (a screen's parts often ask the same as it opens),
 * and a read asked ahead of its part is kept for it.
 */
export const gridServiceCaller: GridServiceCaller = (service, method, body, options) =>
  callService(service as ServiceName, method as never, body as never, { signal: options?.signal, suppressErrors: true, share: true, ahead: options?.ahead });
