import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { kindLabel } from '../../../../engine/grids';
import { callService } from '../../../api';
import { useGuardedClose } from '../../../shell/unsaved-changes';
import { withLoginLossConfirmation } from './login-loss';
import { useShownName } from './shown-name';
import { SecurityRecordDialog } from './SecurityRecordDialog';
import { useCapabilitySets, type Role } from './security-queries';
import { useSecuritySave } from './use-security-save';

interface Props {
  /** The role to edit; undefined to create one owned by `ownerAccountId`. */
  role: Role | undefined;
  ownerAccountId: number;
  readOnly: boolean;
  onClose(): void;
}

/** The organisation kinds a role can be meant for (RoleSchema.AccountTypes). */
const ROLE_ACCOUNT_TYPES = ['Platform', 'Reseller', 'Vendor', 'Company'] as const;
type RoleAccountType = (typeof ROLE_ACCOUNT_TYPES)[number];

/** Create, edit or view a role: its name, the capability sets it bundles and the kinds of organisation whose users it is offered to. */
export function RoleDialog({ role, ownerAccountId, readOnly, onClose }: Props) {
  const { t } = useTranslation();
  const owner = role?.OwnerAccountId ?? ownerAccountId;
  // The sets a role of this owner may use: the owner's own and the templates above it.
  const { data: sets = [] } = useCapabilitySets(owner);
  const { name, setName, nameToSave } = useShownName('systemRole', role?.Name, t);
  const [description, setDescription] = useState(role?.Description ?? '');
  const [setIds, setSetIds] = useState<number[]>(role?.CapabilitySetIds ?? []);
  const [accountTypes, setAccountTypes] = useState<RoleAccountType[]>(() => ROLE_ACCOUNT_TYPES.filter((type) => role?.AccountTypes?.includes(type)));
  const fields = JSON.stringify([name, description, [...setIds].sort(), accountTypes]);
  const [initialFields] = useState(fields);
  // Closing (Cancel, backdrop, Escape) or leaving the page with unsaved edits asks first.
  const close = useGuardedClose(!readOnly && fields !== initialFields, onClose);

  const save = useSecuritySave(async () => {
    // None ticked is stored as null: every kind.
    const fields = { Name: nameToSave(), Description: description, CapabilitySetIds: setIds, AccountTypes: accountTypes.length ? accountTypes : null };
    return role
      ? withLoginLossConfirmation(t, (confirmLoginLoss, options) => callService('Security', 'UpdateRole', { role: { ...fields, Id: role.Id }, confirmLoginLoss }, options))
      : callService('Security', 'AddRole', { ownerCompanyId: ownerAccountId, role: fields });
  }, onClose);

  const toggleType = (type: RoleAccountType, on: boolean) =>
    setAccountTypes((current) => (on ? ROLE_ACCOUNT_TYPES.filter((entry) => entry === type || current.includes(entry)) : current.filter((entry) => entry !== type)));
  const toggle = (id: number, on: boolean) => setSetIds((current) => (on ? [...current, id] : current.filter((entry) => entry !== id)));
  const listed = new Set(sets.map((set) => set.Id));

  return (
    <SecurityRecordDialog
      kind="role"
      title={readOnly ? name : role ? t('admin.security.editRole') : t('admin.security.addRole')}
      maxWidth="sm"
      name={name}
      onNameChange={setName}
      description={description}
      onDescriptionChange={setDescription}
      readOnly={readOnly}
      close={close}
      saving={save.isPending}
      onSave={() => save.mutate()}
    >
      <FormGroup>
        <FormLabel component="legend">{t('admin.security.capabilitySets')}</FormLabel>
        {sets.map((set) => (
          <FormControlLabel
            key={set.Id}
            control={<Checkbox checked={setIds.includes(set.Id)} onChange={(event) => toggle(set.Id, event.target.checked)} disabled={readOnly} />}
            label={kindLabel('capabilitySet', set.Name, t)}
          />
        ))}
        {/* Sets the role has that this owner could no longer pick stay visible. */}
        {setIds
          .filter((id) => !listed.has(id))
          .map((id) => (
            <FormControlLabel key={id} control={<Checkbox checked onChange={() => toggle(id, false)} disabled={readOnly} />} label={`#${id}`} />
          ))}
      </FormGroup>
      <FormGroup data-testid="role-account-types">
        <FormLabel component="legend">{t('admin.security.roleAccountTypes')}</FormLabel>
        <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
          {ROLE_ACCOUNT_TYPES.map((type) => (
            <FormControlLabel
              key={type}
              control={<Checkbox checked={accountTypes.includes(type)} onChange={(event) => toggleType(type, event.target.checked)} disabled={readOnly} />}
              label={type === 'Platform' ? t('admin.security.platform') : kindLabel('accountType', type, t)}
            />
          ))}
        </Stack>
        <FormHelperText>{t('admin.security.roleAccountTypesHelp')}</FormHelperText>
      </FormGroup>
    </SecurityRecordDialog>
  );
}
