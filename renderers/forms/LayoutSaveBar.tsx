import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { useFormStatus } from './use-form-state';
import type { LayoutFormHandle } from './use-layout-form';

/**
 * Save (or create) and cancel of a layout form, stuck to the bottom of the window: the form's pending checks and
 * errors beside them; saving an unchanged stored record is disabled, creating is not. Test ids form-cancel, form-save.
 */
export function LayoutSaveBar({ form, onCancel, submitLabel }: { form: LayoutFormHandle; onCancel: () => void; submitLabel?: string }) {
  const { t } = useTranslation();
  const status = useFormStatus(form.store);
  const creating = form.model.mode === 'create';
  return (
    <Paper elevation={3} sx={{ position: 'sticky', bottom: 0, p: 1.5, display: 'flex', gap: 1, justifyContent: 'flex-end', alignItems: 'center', zIndex: 2 }} data-unsaved-changes-exclude>
      {status.pending && <Box sx={{ color: 'text.secondary', mr: 'auto', fontSize: 14 }}>{t('forms.checking')}</Box>}
      {!status.pending && status.submitted && status.errorCount > 0 && (
        <Box role="status" sx={{ color: 'error.main', mr: 'auto', fontSize: 14 }}>
          {t('forms.fixErrors')}
        </Box>
      )}
      <Button onClick={onCancel} disabled={status.submitting} data-testid="form-cancel">
        {t('forms.cancel')}
      </Button>
      <Button type="submit" variant="contained" disabled={status.submitting || status.pending || (!creating && !status.dirty)} data-testid="form-save">
        {status.submitting ? t('forms.saving') : submitLabel ?? t('forms.save')}
      </Button>
    </Paper>
  );
}
