import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { kindLabel } from '../../../../engine/grids';
import { callService } from '../../../api';
import { meetsRequirements } from '../../../router/guard';
import { useCurrentUser } from '../../../session/current-user';
import { CapabilitySetDialog } from './CapabilitySetDialog';
import { grantCount } from './grants';
import { withLoginLossConfirmation } from './login-loss';
import { SecurityRecordList } from './SecurityRecordList';
import { useCapabilitySets, type CapabilitySet } from './security-queries';
import { useDeleteRecord } from './use-delete-record';

/** The capability sets an account owns or may use (Security/GetCapabilitySets). */
export function CapabilitySetsPanel({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const capabilities = useCurrentUser().data?.Capability ?? [];
  const { data: sets = [], isPending } = useCapabilitySets(accountId);
  const [open, setOpen] = useState<{ set: CapabilitySet | undefined } | undefined>();
  const deleteRecord = useDeleteRecord();
  const mayCreate = meetsRequirements(capabilities, [{ ObjectType: 'SECURITY_ROLES', Create: true }]);
  const mayDelete = meetsRequirements(capabilities, [{ ObjectType: 'SECURITY_ROLES', Delete: true }]);

  const records = sets.map((set) => ({
    id: set.Id,
    name: kindLabel('capabilitySet', set.Name, t),
    details: t('admin.security.setDetails', { owner: set.OwnerName ?? `#${set.OwnerAccountId}`, grants: grantCount(set.Capabilities) }),
    chips: set.IsTemplate ? [t('admin.security.template')] : [],
    editable: set.IsEditable === true,
    deletable: set.IsEditable === true && mayDelete,
  }));
  const byId = (id: number) => sets.find((set) => set.Id === id);

  return (
    <>
      <SecurityRecordList
        title={t('admin.security.capabilitySets')}
        testId="capability-sets"
        records={records}
        loading={isPending}
        emptyText={t('admin.security.noSets')}
        addLabel={t('admin.security.addSet')}
        onAdd={mayCreate ? () => setOpen({ set: undefined }) : undefined}
        onOpen={(id) => setOpen({ set: byId(id) })}
        onDelete={(id) =>
          void deleteRecord(byId(id)?.Name ?? '', () =>
            withLoginLossConfirmation(t, (confirmLoginLoss, options) => callService('Security', 'DeleteCapabilitySet', { capabilitySetId: id, confirmLoginLoss }, options)),
          )
        }
      />
      {open && (
        <CapabilitySetDialog
          set={open.set}
          ownerAccountId={accountId}
          readOnly={open.set !== undefined && open.set.IsEditable !== true}
          onClose={() => setOpen(undefined)}
        />
      )}
    </>
  );
}
