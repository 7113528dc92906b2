import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportDefinition, ReportRun } from '../../../engine/reports';
import { ReportResult } from '../../../renderers/grids';
import { callService } from '../../api';
import type { Capability } from '../../../contract/capabilities';
import { withImpliedCapabilities } from '../../../contract/capability-implications';
import { meetsRequirements } from '../../router/guard';
import { showError } from '../../messages';
import { useCurrentUser } from '../../session/current-user';
import { PreviewRolePicker, usePreviewRole } from './PreviewRolePicker';
import { errorText } from './studio-errors';

/** Whether capabilities let a user see and run the report: REPORTING Read and each of its access entries. */
export function roleSeesReport(capabilities: readonly Capability[], report: Pick<ReportDefinition, 'access'>): boolean {
  const needed = [{ ObjectType: 'REPORTING', Read: true }, ...(report.access ?? []).map((entry) => ({ ObjectType: entry.objectType, [entry.flag]: true }))];
  return meetsRequirements(capabilities, needed as Parameters<typeof meetsRequirements>[1]);
}

/**
 * A report draft run by the server (Studio/PreviewReport) over the author's
 * organisation and drawn as /reports draws it (renderers' ReportResult); as a chosen role, whether that
 * role sees it at all (REPORTING Read and the report's access). Only a source
 * that passes its checks is run.
 */
export function ReportPreview({ name, source }: { name: string; source: string | undefined }) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const report = useMemo(() => (source === undefined ? undefined : (JSON.parse(source) as ReportDefinition)), [source]);
  const preview = usePreviewRole();
  const { role } = preview;
  const seen = !role || !report || roleSeesReport(withImpliedCapabilities(role.Capabilities as Capability[]), report);
  const run = useQuery({
    queryKey: ['studio', 'previewReport', name, source],
    queryFn: async ({ signal }) => (await callService('Studio', 'PreviewReport', { name, source: source! }, { signal, suppressErrors: true })) as ReportRun,
    enabled: source !== undefined,
    retry: false,
  });
  return (
    <Box data-testid="studio-report-preview" sx={{ minWidth: 0 }}>
      <PreviewRolePicker preview={preview} testId="studio-report-preview-role" />
      {source === undefined && <Alert severity="warning">{t('studio.preview.fixProblems')}</Alert>}
      {!seen && (
        <Alert severity="info" data-testid="studio-report-preview-unseen">
          {t('studio.preview.reportNotSeen', { role: role?.Name ?? '' })}
        </Alert>
      )}
      {seen && run.error && <Alert severity="error">{errorText(run.error, t)}</Alert>}
      {seen && run.data && user && (
        <>
          <Typography variant="h6" component="h2">
            {run.data.Title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {run.data.Description}
          </Typography>
          <ReportResult
            run={run.data}
            testId="report"
            capabilities={user.Capability}
            userId={user.UserAccountId}
            onError={(text) => showError(text)}
            texts={{ empty: t('reports.noData'), other: t('reports.other'), exportXlsx: t('reports.exportXlsx'), exportCsv: t('reports.exportCsv'), statusPrefix: 'reports.status.' }}
          />
        </>
      )}
    </Box>
  );
}
