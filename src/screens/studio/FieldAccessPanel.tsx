import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CapabilityObjectTypes, type Capability } from '../../../contract/capabilities';
import { setFieldProperty, type FieldAt, type LayoutJson, type LayoutJsonField } from '../../../engine/studio/layout-edit';
import { editCapabilityFor, fieldAccess, type FieldAccess } from '../../../engine/studio/layout-panels';
import { callService } from '../../api';

interface Props {
  layout: LayoutJson;
  at: FieldAt;
  field: LayoutJsonField;
  onChange(layout: LayoutJson, select?: FieldAt): void;
}

/**
 * Who reads and who edits a field, per role in reach: choosing "edit" or
 * "read" for a role sets the field's EditCapability to a capability the
 * editing roles hold and the reading ones do not. Roles that cannot open the
 * object at all say so.
 */
export function FieldAccessPanel({ layout, at, field, onChange }: Props) {
  const { t } = useTranslation();
  const [unmatched, setUnmatched] = useState(false);
  const roles = useQuery({ queryKey: ['studio', 'previewRoles'], queryFn: ({ signal }) => callService('Studio', 'ListPreviewRoles', {}, { signal }), staleTime: Infinity });
  const capability = typeof layout.Capability === 'string' ? layout.Capability : undefined;
  const access = (role: { Capabilities: unknown[] }) => fieldAccess(field, role.Capabilities as Capability[], capability, 'EDIT');
  const choose = (roleId: number, wanted: FieldAccess) => {
    const list = (roles.data ?? []).filter((role) => access(role) !== 'cannotOpen');
    const editors = list.filter((role) => (role.Id === roleId ? wanted === 'edit' : access(role) === 'edit')).map((role) => role.Capabilities as Capability[]);
    const readers = list.filter((role) => (role.Id === roleId ? wanted === 'read' : access(role) === 'read')).map((role) => role.Capabilities as Capability[]);
    const found = editCapabilityFor(editors, readers, CapabilityObjectTypes);
    setUnmatched(found === null);
    if (found !== null) onChange(setFieldProperty(layout, at, 'EditCapability', found), at);
  };
  return (
    <Stack spacing={0.75} data-testid="studio-field-access">
      <Typography variant="subtitle2">{t('studio.panels.whoEdits')}</Typography>
      {(roles.data ?? []).map((role) => {
        const current = access(role);
        return (
          <Stack key={role.Id} direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {role.Name}
            </Typography>
            {current === 'cannotOpen' ? (
              <Typography variant="caption" color="text.secondary" data-testid={`studio-access-${role.Id}`}>
                {t('studio.review.cannotOpen')}
              </Typography>
            ) : (
              <ToggleButtonGroup
                size="small"
                exclusive
                value={current}
                onChange={(_event, value: FieldAccess | null) => value && value !== current && choose(role.Id, value)}
                aria-label={role.Name}
                data-testid={`studio-access-${role.Id}`}
              >
                <ToggleButton value="read">{t('studio.panels.read')}</ToggleButton>
                <ToggleButton value="edit">{t('studio.panels.edit')}</ToggleButton>
              </ToggleButtonGroup>
            )}
          </Stack>
        );
      })}
      {unmatched && <Alert severity="warning">{t('studio.panels.noCapabilitySeparates')}</Alert>}
    </Stack>
  );
}
