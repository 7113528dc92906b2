import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callService } from '../../../api';
import { CapabilityObjectTypes } from '../../../../contract';
import { useGuardedClose } from '../../../shell/unsaved-changes';
import { useCurrentUser } from '../../../session/current-user';
import { useShownName } from './shown-name';
import { entryLabel, entryName, GRANT_FLAGS, mayGrant, objectTypeName, type GrantFlag } from './grants';
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
  const [newType, setNewType] = useState<string | null>(null);
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

  const setFlag = (index: number, flag: GrantFlag, value: boolean) =>
    setEntries((current) => current.map((entry, at) => (at === index ? { ...entry, [flag]: value } : entry)));
  /** A flag the set had may stay or go; a new one only if the user holds it. */
  const flagEditable = (entry: CapabilityEntry, flag: GrantFlag) =>
    !readOnly &&
    (mayGrant(capabilities, entry, flag) ||
      original.some((before) => entryLabel(before) === entryLabel(entry) && before[flag] === true && entry[flag] === true));
  const unusedTypes = CapabilityObjectTypes.filter((type) => !entries.some((entry) => entry.ObjectType === type && !entry.Value && !entry.ServiceName));
  // Stable, so the picker does not reset what is typed on each render.
  const typeName = useCallback((type: string) => objectTypeName(t, type), [t]);
  // Typing finds a type by its name in words or by its constant (what the documentation and the API say).
  const filterTypes = useMemo(() => createFilterOptions<string>({ stringify: (type) => `${typeName(type)} ${type}` }), [typeName]);

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
      {/* On a narrow screen the flags scroll sideways; the names keep whole words. */}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('admin.security.grants')} stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell>{t('admin.security.objectType')}</TableCell>
              {GRANT_FLAGS.map((flag) => (
                <TableCell key={flag} align="center">
                  {t(`admin.security.flags.${flag}`)}
                </TableCell>
              ))}
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((entry, index) => (
              <TableRow key={entryLabel(entry)} hover>
                <TableCell sx={{ minWidth: 160 }} data-testid="grant-name">
                  {typeName(entry.ObjectType)}
                  <Typography component="div" variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                    {entryLabel(entry)}
                  </Typography>
                </TableCell>
                {GRANT_FLAGS.map((flag) => (
                  <TableCell key={flag} align="center" padding="checkbox">
                    <Checkbox
                      size="small"
                      checked={entry[flag] === true}
                      disabled={!flagEditable(entry, flag)}
                      onChange={(event) => setFlag(index, flag, event.target.checked)}
                      slotProps={{ input: { 'aria-label': `${entryName(t, entry)} ${t(`admin.security.flags.${flag}`)}` } }}
                    />
                  </TableCell>
                ))}
                <TableCell padding="checkbox">
                  {!readOnly && (
                    <IconButton
                      size="small"
                      aria-label={t('admin.security.removeGrant', { name: entryName(t, entry) })}
                      onClick={() => setEntries((current) => current.filter((_, at) => at !== index))}
                    >
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {!readOnly && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Autocomplete
            options={unusedTypes}
            value={newType}
            onChange={(_event, value) => setNewType(value)}
            getOptionLabel={typeName}
            filterOptions={filterTypes}
            renderOption={({ key, ...props }, type) => (
              <li key={key} {...props}>
                <div>
                  {typeName(type)}
                  <Typography component="div" variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                    {type}
                  </Typography>
                </div>
              </li>
            )}
            renderInput={(params) => <TextField {...params} size="small" label={t('admin.security.objectType')} />}
            sx={{ flexGrow: 1, maxWidth: 360 }}
          />
          <Button
            disabled={!newType}
            onClick={() => {
              if (newType) setEntries((current) => [...current, { ObjectType: newType as CapabilityEntry['ObjectType'] }]);
              setNewType(null);
            }}
          >
            {t('admin.security.addGrant')}
          </Button>
        </Stack>
      )}
    </SecurityRecordDialog>
  );
}
