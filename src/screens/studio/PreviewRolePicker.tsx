import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callService } from '../../api';

/** The roles a preview may be seen as (Studio/ListPreviewRoles), the chosen one, '' for the author. */
export function usePreviewRole() {
  const roles = useQuery({ queryKey: ['studio', 'previewRoles'], queryFn: ({ signal }) => callService('Studio', 'ListPreviewRoles', {}, { signal }), staleTime: Infinity });
  const [roleId, setRoleId] = useState<number | ''>('');
  return { roles: roles.data ?? [], roleId, setRoleId, role: roles.data?.find((entry) => entry.Id === roleId) };
}

/** A preview's title with its "see it as" role picker (screens and reports; layouts pick among their own roles). */
export function PreviewRolePicker({ preview, testId }: { preview: ReturnType<typeof usePreviewRole>; testId: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
      <Typography variant="subtitle2" sx={{ flex: 1 }}>
        {t('studio.preview.title')}
      </Typography>
      <TextField
        select
        size="small"
        label={t('studio.preview.role')}
        value={preview.roleId}
        onChange={(event) => preview.setRoleId(event.target.value === '' ? '' : Number(event.target.value))}
        sx={{ minWidth: 220 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': testId } }}
      >
        <MenuItem value="">{t('studio.preview.yourself')}</MenuItem>
        {preview.roles.map((entry) => (
          <MenuItem key={entry.Id} value={entry.Id} data-testid={`studio-preview-role-${entry.Id}`}>
            {entry.Name}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
