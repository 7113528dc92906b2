/** The account lifecycle handlers (issue 13), registered in server/services/registry.ts. */
import { hierarchyHandlers } from './hierarchy';
import { moveHandlers } from './move';
import { terminationHandlers } from './termination';

export { ipRestrictionHandlers, enforceIpRestrictions } from './ip-restrictions';
export { invoiceTaskHandlers } from './invoice-tasks';

export const lifecycleAccountHandlers = { ...hierarchyHandlers, ...terminationHandlers, ...moveHandlers };
