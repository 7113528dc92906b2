import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DefinitionGridScreen } from '../list/DefinitionGridScreen';

type AuditLogMode = 'account' | 'user';

/**
 * The audit-log and user-log tabs of an account (spec §2: the user log is the
 * same screen in user-log mode): screen-definitions/screens/audit-log.json with the
 * mode in its context, so filters, sort and the toolbar's export (Account/ExportAuditLog,
 * xlsx or csv with the same filters) follow the mode. Mounted lazily: AG Grid loads with the tab.
 */
function AuditLog({ accountId, mode }: { accountId: number; mode: AuditLogMode }) {
  const { t } = useTranslation();
  const context = useMemo(() => ({ accountId, mode }), [accountId, mode]);
  return (
    <Box data-testid={`account-subpage-${mode === 'user' ? 'user-log' : 'audit-log'}`}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t(mode === 'user' ? 'account.auditLog.userIntro' : 'account.auditLog.intro')}
      </Typography>
      <DefinitionGridScreen name="audit-log" context={context} showTitle={false} whenRefused="hide" height="max(360px, calc(100vh - 360px))" />
    </Box>
  );
}

export function AuditLogTab({ accountId }: { accountId: number }) {
  return <AuditLog accountId={accountId} mode="account" />;
}

export function UserLogTab({ accountId }: { accountId: number }) {
  return <AuditLog accountId={accountId} mode="user" />;
}

export default AuditLogTab;
