import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FlagsMatrixInput } from '../../../../renderers/inputs/FlagsMatrixInput';
import { callService } from '../../../api';
import { CapabilityObjectTypes } from '../../../../contract';
import { useGuardedClose } from '../../../shell/unsaved-changes';
import { useCurrentUser } from '../../../session/current-user';
import { useShownName } from './shown-name';
import { entryLabel, entryName, GRANT_MATRIX, objectTypeName } from './grants';
import { withLoginLossConfirmation } from './login-loss';
import { SecurityRecordDialog } from './SecurityRecordDialog';
import type { CapabilityEntry, CapabilitySet } from './security-queries';
import { useSecuritySave } from './use-security-save';

interface Props {
  /** The set to edit; undefined to create one owned by `ownerAccountId`. */
  set: CapabilitySet | undefined;
  ownerAccountId: number;
  readOnly: boolean;
  onClose(): void;
}

/** Create, edit or view a capability set: its name and the flags it grants per object type. */
export function CapabilitySetDialog({ set, ownerAccountId, readOnly, onClose }: Props) {
  const { t } = useTranslation();
  const capabilities = useCurrentUser().data?.Capability ?? [];
  const { name, setName, nameToSave } = useShownName('capabilitySet', set?.Name, t);
  const [description, setDescription] = useState(set?.Description ?? '');
  const [isTemplate, setIsTemplate] = useState(set?.IsTemplate ?? false);
  const [entries, setEntries] = useState<CapabilityEntry[]>(set?.Capabilities ?? []);
  const original = set?.Capabilities ?? [];
  const fields = JSON.stringify([name, description, isTemplate, entries]);
  const [initialFields] = useState(fields);
  // Closing (Cancel, backdrop, Escape) or leaving the page with unsaved edits asks first.
  const close = useGuardedClose(!readOnly && fields !== initialFields, onClose);

  const save = useSecuritySave(async () => {
    const fields = { Name: nameToSave(), Description: description, IsTemplate: isTemplate, Capabilities: entries };
    return set
      ? withLoginLossConfirmation(t, (confirmLoginLoss, options) =>
          callService('Security', 'UpdateCapabilitySet', { capabilitySet: { ...fields, Id: set.Id }, confirmLoginLoss }, options),
        )
      : callService('Security', 'AddCapabilitySet', { ownerCompanyId: ownerAccountId, capabilitySet: fields });
  }, onClose);

  // Stable, so the picker does not reset what is typed on each render.
  const typeName = useCallback((type: string) => objectTypeName(t, type), [t]);

  return (
    <SecurityRecordDialog
      kind="set"
      title={readOnly ? name : set ? t('admin.security.editSet') : t('admin.security.addSet')}
      maxWidth="md"
      scroll="paper"
      name={name}
      onNameChange={setName}
      description={description}
      onDescriptionChange={setDescription}
      readOnly={readOnly}
      close={close}
      saving={save.isPending}
      onSave={() => save.mutate()}
    >
      <FormControlLabel
        control={<Switch checked={isTemplate} onChange={(event) => setIsTemplate(event.target.checked)} disabled={readOnly} />}
        label={t('admin.security.isTemplate')}
      />
      <FlagsMatrixInput
        shape={GRANT_MATRIX}
        rows={entries}
        onChange={setEntries}
        held={capabilities}
        stored={original}
        readOnly={readOnly}
        label={t('admin.security.grants')}
        rowHeading={t('admin.security.objectType')}
        flagLabel={(flag) => t(`admin.security.flags.${flag}`)}
        rowName={(entry) => entryName(t, entry)}
        rowCode={entryLabel}
        removeLabel={(name) => t('admin.security.removeGrant', { name })}
        add={{ field: 'ObjectType', offered: CapabilityObjectTypes, optionLabel: typeName, label: t('admin.security.objectType'), button: t('admin.security.addGrant') }}
        rowTestId="grant-name"
      />
    </SecurityRecordDialog>
  );
}
