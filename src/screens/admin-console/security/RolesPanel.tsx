import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { kindLabel } from '../../../../engine/grids';
import { callService } from '../../../api';
import { meetsRequirements } from '../../../router/guard';
import { useCurrentUser } from '../../../session/current-user';
import { RoleDialog } from './RoleDialog';
import { SecurityRecordList } from './SecurityRecordList';
import { useCapabilitySets, useRoles, type Role } from './security-queries';
import { useDeleteRecord } from './use-delete-record';

/** The roles available at an account (Security/GetRoles). */
export function RolesPanel({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const capabilities = useCurrentUser().data?.Capability ?? [];
  const { data: roles = [], isPending } = useRoles(accountId);
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
        onDelete={(id) => void deleteRecord(byId(id)?.Name ?? '', () => callService('Security', 'DeleteRole', { roleId: id }))}
      />
      {open && (
        <RoleDialog role={open.role} ownerAccountId={accountId} readOnly={open.role !== undefined && open.role.IsEditable !== true} onClose={() => setOpen(undefined)} />
      )}
    </>
  );
}
