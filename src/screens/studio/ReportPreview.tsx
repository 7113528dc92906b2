import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportDefinition } from '../../../engine/reports';
import { callService } from '../../api';
import type { Capability } from '../../../contract/capabilities';
import { withImpliedCapabilities } from '../../../contract/capability-implications';
import { meetsRequirements } from '../../router/guard';
import { ReportResultView } from '../reports/ReportResultView';
import type { ReportResult } from '../reports/report-format';
import { PreviewRolePicker, usePreviewRole } from './PreviewRolePicker';
import { errorText } from './studio-errors';

/** Whether capabilities let a user see and run the report: REPORTING Read and each of its access entries. */
export function roleSeesReport(capabilities: readonly Capability[], report: Pick<ReportDefinition, 'access'>): boolean {
  const needed = [{ ObjectType: 'REPORTING', Read: true }, ...(report.access ?? []).map((entry) => ({ ObjectType: entry.objectType, [entry.flag]: true }))];
  return meetsRequirements(capabilities, needed as Parameters<typeof meetsRequirements>[1]);
}

/**
 * A report draft run by the server (Studio/PreviewReport) over the author's
 * organisation and drawn as /reports draws it; as a chosen role, whether that
 * role sees it at all (REPORTING Read and the report's access). Only a source
 * that passes its checks is run.
 */
export function ReportPreview({ name, source }: { name: string; source: string | undefined }) {
  const { t } = useTranslation();
  const report = useMemo(() => (source === undefined ? undefined : (JSON.parse(source) as ReportDefinition)), [source]);
  const preview = usePreviewRole();
  const { role } = preview;
  const seen = !role || !report || roleSeesReport(withImpliedCapabilities(role.Capabilities as Capability[]), report);
  const run = useQuery({
    queryKey: ['studio', 'previewReport', name, source],
    queryFn: async ({ signal }) => (await callService('Studio', 'PreviewReport', { name, source: source! }, { signal, suppressErrors: true })) as ReportResult,
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
      {seen && run.data && (
        <>
          <Typography variant="h6" component="h2">
            {run.data.Title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {run.data.Description}
          </Typography>
          <ReportResultView result={run.data} />
        </>
      )}
    </Box>
  );
}
