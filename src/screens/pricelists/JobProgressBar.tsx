import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { JobProgress } from './use-job-progress';

/** The live progress of a save or propagation. */
export function JobProgressBar({ progress }: { progress: JobProgress }) {
  const { t } = useTranslation();
  if (progress.state !== 'running') return null;
  const percent = progress.total > 0 ? Math.round((progress.processed / progress.total) * 100) : 0;
  return (
    <Box sx={{ my: 1 }} data-testid="pricelist-job-progress" role="status">
      <Typography variant="body2">{t('pricelists.progress', { processed: progress.processed, total: progress.total })}</Typography>
      <LinearProgress variant={progress.total > 0 ? 'determinate' : 'indeterminate'} value={percent} sx={{ height: 4 }} />
    </Box>
  );
}
