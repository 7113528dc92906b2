import type { Static } from '@sinclair/typebox';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { callService } from '../../../api';
import type { CapabilityEntrySchema, CapabilitySetSchema, RoleSchema } from '../../../../contract/services/security';

export type CapabilitySet = Static<typeof CapabilitySetSchema>;
export type Role = Static<typeof RoleSchema>;
export type CapabilityEntry = Static<typeof CapabilityEntrySchema>;

const SECURITY_KEY = ['security'] as const;

export function useCapabilitySets(accountId: number | undefined) {
  return useQuery({
    queryKey: [...SECURITY_KEY, 'capabilitySets', accountId],
    queryFn: ({ signal }) => callService('Security', 'GetCapabilitySets', { ownerCompanyId: accountId! }, { signal }),
    enabled: accountId !== undefined,
  });
}

/** The roles at an account; `assignableOnly`: those the caller may give a user there (meant for its organisation's kind). */
export function useRoles(accountId: number | undefined, assignableOnly = false) {
  return useQuery({
    queryKey: [...SECURITY_KEY, 'roles', accountId, assignableOnly],
    queryFn: ({ signal }) => callService('Security', assignableOnly ? 'GetAssignableRoles' : 'GetRoles', { accountId: accountId! }, { signal }),
    enabled: accountId !== undefined,
  });
}

export function useRolesForUser(userId: number) {
  return useQuery({
    queryKey: [...SECURITY_KEY, 'rolesForUser', userId],
    queryFn: ({ signal }) => callService('Security', 'GetRolesForUser', { accountId: userId }, { signal }),
  });
}

/** After any change: sets, roles and assignments are read again. */
export const refreshSecurity = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: SECURITY_KEY });
