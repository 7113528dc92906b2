import { holds } from '../../../engine/grids';
import type { Capability } from '../../../contract';
import { IMPORT_TYPES, type ImportTypeName } from '../../../contract/services/import';

/** The Create capability each import type needs (the server checks the same). */
const CAPABILITY_OF: Record<ImportTypeName, Capability['ObjectType']> = {
  Users: 'USER_ACCOUNT',
  Departments: 'DEPARTMENT_ACCOUNT',
  Companies: 'COMPANY_ACCOUNT',
  Subscriptions: 'PRODUCT_ACCOUNT',
};

/** The import types the user may start. */
export function importTypesFor(capabilities: readonly Capability[]): ImportTypeName[] {
  return IMPORT_TYPES.filter((type) => holds(capabilities, { objectType: CAPABILITY_OF[type] as never, flag: 'Create' }));
}

export const isRunning = (status: string) => status === 'Pending' || status === 'In progress';
