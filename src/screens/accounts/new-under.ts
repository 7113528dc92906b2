import type { Capability } from '../../contract';
import { meetsRequirements } from '../../router/requirements';
import { CREATABLE_TYPES, PARENT_TYPES } from '../account/create-types';

/** Capability object types of the creatable types, by route segment (the New routes' requirements). */
const OBJECT_TYPES: Record<string, string> = {
  user: 'USER_ACCOUNT',
  department: 'DEPARTMENT_ACCOUNT',
  company: 'COMPANY_ACCOUNT',
  service: 'PRODUCT_ACCOUNT',
  reseller: 'RESELLER_ACCOUNT',
};

/** The "New …" a user may start under an account of a type: the route segments, in menu order. */
export function newUnder(accountType: string, capabilities: readonly Capability[]): string[] {
  return Object.keys(OBJECT_TYPES).filter(
    (segment) =>
      (PARENT_TYPES[CREATABLE_TYPES[segment]] ?? []).includes(accountType) &&
      meetsRequirements(capabilities, [{ ObjectType: OBJECT_TYPES[segment], Create: true }]),
  );
}

/** The text of a segment's button: the create screen's own title (account.new.User "New user", …). */
export const newLabelKey = (segment: string) => `account.new.${CREATABLE_TYPES[segment]}`;
