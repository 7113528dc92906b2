import type { Capability } from '../../../contract';

/** Whether the user holds the quotation tool with a flag (the server decides again). */
export const hasCapabilityFlag = (capabilities: readonly Capability[] | undefined, flag: 'Read' | 'Execute' | 'Create' | 'Delete') =>
  (capabilities ?? []).some((capability) => capability.ObjectType === 'QUOTATION_TOOL' && capability[flag] === true);
