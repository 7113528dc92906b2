import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { kindLabel } from '../../../../engine/grids';
import { callService } from '../../../api';
import { meetsRequirements } from '../../../router/guard';
import { useCurrentUser } from '../../../session/current-user';
import { withLoginLossConfirmation } from './login-loss';
import { RoleDialog } from './RoleDialog';
import { SecurityRecordList } from './SecurityRecordList';
import { useCapabilitySets, useRoles, type Role } from './security-queries';
import { useDeleteRecord } from './use-delete-record';

/**
 * Whether a role belongs on an organisation's list: its own roles, and those from above meant for
 * its kind (Role.AccountTypes, null: every kind), so a company does not list the platform's roles.
 */
export const roleListedAt = (role: Pick<Role, 'OwnerAccountId' | 'AccountTypes'>, accountId: number, accountType: string | undefined) =>
  accountType === undefined || role.OwnerAccountId === accountId || !role.AccountTypes || (role.AccountTypes as readonly string[]).includes(accountType);

/** The roles available at an account (Security/GetRoles), those meant for the account's kind. */
export function RolesPanel({ accountId, accountType }: { accountId: number; accountType?: string }) {
  const { t } = useTranslation();
  const capabilities = useCurrentUser().data?.Capability ?? [];
  const { data: stored = [], isPending } = useRoles(accountId);
  const roles = stored.filter((role) => roleListedAt(role, accountId, accountType));
  const { data: sets = [] } = useCapabilitySets(accountId);
  const [open, setOpen] = useState<{ role: Role | undefined } | undefined>();
  const deleteRecord = useDeleteRecord();
  const mayCreate = meetsRequirements(capabilities, [{ ObjectType: 'SECURITY_ROLES', Create: true }]);
  const mayDelete = meetsRequirements(capabilities, [{ ObjectType: 'SECURITY_ROLES', Delete: true }]);
  /** Names of the sets this account may use; sets of an owner above it that this account cannot see only count. */
  const setNames = (ids: readonly number[]) => {
    const known = ids.flatMap((id) => sets.filter((set) => set.Id === id).map((set) => kindLabel('capabilitySet', set.Name, t)));
    const others = ids.length - known.length;
    return [...known, ...(others > 0 ? [`+${others}`] : [])].join(', ');
  };

  const records = roles.map((role) => ({
    id: role.Id,
    // Seeded roles read in the user's language; user-made ones as named.
    name: kindLabel('systemRole', role.Name, t),
    details: role.CapabilitySetIds.length ? setNames(role.CapabilitySetIds) : t('admin.security.noSetsInRole'),
    chips: role.OwnerAccountId === accountId ? [] : [role.OwnerName ?? `#${role.OwnerAccountId}`],
    editable: role.IsEditable === true,
    deletable: role.IsEditable === true && mayDelete,
  }));
  const byId = (id: number) => roles.find((role) => role.Id === id);

  return (
    <>
      <SecurityRecordList
        title={t('admin.security.roles')}
        testId="roles"
        records={records}
        loading={isPending}
        emptyText={t('admin.security.noRoles')}
        addLabel={t('admin.security.addRole')}
        onAdd={mayCreate ? () => setOpen({ role: undefined }) : undefined}
        onOpen={(id) => setOpen({ role: byId(id) })}
        onDelete={(id) =>
          void deleteRecord(byId(id)?.Name ?? '', () =>
            withLoginLossConfirmation(t, (confirmLoginLoss, options) => callService('Security', 'DeleteRole', { roleId: id, confirmLoginLoss }, options)),
          )
        }
      />
      {open && (
        <RoleDialog role={open.role} ownerAccountId={accountId} readOnly={open.role !== undefined && open.role.IsEditable !== true} onClose={() => setOpen(undefined)} />
      )}
    </>
  );
}
