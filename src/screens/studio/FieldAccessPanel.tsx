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
import { fieldAccess, fieldRightsFor, type FieldAccess } from '../../../engine/studio/layout-panels';
import { callService } from '../../api';

interface Props {
  layout: LayoutJson;
  at: FieldAt;
  field: LayoutJsonField;
  onChange(layout: LayoutJson, select?: FieldAt): void;
}

/**
 * Who does not see, who reads and who edits a field, per role in reach: the
 * choice sets the field's ReadCapability (held by the roles that see it, not by
 * those it is hidden from) and EditCapability (held by the editing roles, not by
 * the reading ones). Roles that cannot open the object at all say so.
 */
export function FieldAccessPanel({ layout, at, field, onChange }: Props) {
  const { t } = useTranslation();
  const [unmatched, setUnmatched] = useState(false);
  const roles = useQuery({ queryKey: ['studio', 'previewRoles'], queryFn: ({ signal }) => callService('Studio', 'ListPreviewRoles', {}, { signal }), staleTime: Infinity });
  const capability = typeof layout.Capability === 'string' ? layout.Capability : undefined;
  const access = (role: { Capabilities: unknown[] }) => fieldAccess(field, role.Capabilities as Capability[], capability, 'EDIT');
  const choose = (roleId: number, wanted: FieldAccess) => {
    const chosen = (roles.data ?? [])
      .map((role) => ({ capabilities: role.Capabilities as Capability[], access: role.Id === roleId ? wanted : access(role) }))
      .filter((role): role is { capabilities: Capability[]; access: 'hidden' | 'read' | 'edit' } => role.access !== 'cannotOpen');
    const rights = fieldRightsFor(chosen, CapabilityObjectTypes);
    setUnmatched(rights === null);
    if (rights) onChange(setFieldProperty(setFieldProperty(layout, at, 'ReadCapability', rights.ReadCapability), at, 'EditCapability', rights.EditCapability), at);
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
                <ToggleButton value="hidden">{t('studio.panels.hidden')}</ToggleButton>
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
