import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResultOf, Catalogue } from '../../../contract';
import { formatDateTime } from '../../i18n/format';
import { downloadFile, downloadFileName } from './download-file';
import { useAcceptTerms } from './use-terms';

/** Spec §2, §9: the terms dialog is 1340 wide and at most 690 high. */
export const TERMS_DIALOG_WIDTH = 1340;
export const TERMS_DIALOG_MAX_HEIGHT = 690;

export type TermsDocument = ResultOf<Catalogue['Account']['GetMyConfirmedTerms']>[number];

interface Props {
  terms: TermsDocument[];
  initialId: number;
  userAccountId: number;
  isImpersonated: boolean;
  onClose: () => void;
}

/** The terms of use and the privacy policy, each readable and downloadable; accepted with one button (spec §4 Terms). */
export function TermsDialog({ terms, initialId, userAccountId, isImpersonated, onClose }: Props) {
  const { t } = useTranslation();
  const [selectedId, setSelectedId] = useState(initialId);
  const accept = useAcceptTerms(userAccountId);
  const selected = terms.find((document) => document.Id === selectedId) ?? terms[0];
  const allAccepted = terms.every((document) => document.AcceptedAt);

  const download = () => {
    if (!selected?.PathToTermsPdf) return;
    // Spec §8: a failed download is only logged.
    downloadFile(selected.PathToTermsPdf, downloadFileName(selected.Name, 'pdf')).catch((error: unknown) => console.error('Terms download failed', error));
  };

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="terms-dialog-title"
      data-testid="terms-dialog"
      slotProps={{ paper: { sx: { width: TERMS_DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)', maxHeight: TERMS_DIALOG_MAX_HEIGHT, m: 2 } } }}
    >
      <DialogTitle id="terms-dialog-title">{t('shell.terms.title')}</DialogTitle>
      <Tabs value={selected?.Id ?? false} onChange={(_event, id: number) => setSelectedId(id)} variant="scrollable" sx={{ px: 3, borderBottom: 1, borderColor: 'divider' }}>
        {terms.map((document) => (
          <Tab key={document.Id} value={document.Id} label={document.Name} id={`terms-tab-${document.Id}`} aria-controls="terms-text" />
        ))}
      </Tabs>
      <DialogContent id="terms-text" role="tabpanel" aria-labelledby={selected ? `terms-tab-${selected.Id}` : undefined} tabIndex={0}>
        <Typography component="div" variant="body2" sx={{ whiteSpace: 'pre-line' }} data-testid="terms-text">
          {selected?.TermsText}
        </Typography>
      </DialogContent>
      <Box sx={{ px: 3, pt: 1.5 }} aria-live="polite">
        {allAccepted ? (
          <Alert severity="success" data-testid="terms-accepted">
            {accept.isSuccess ? t('shell.terms.acceptedNow') : t('shell.terms.acceptedOn', { date: formatDateTime(selected?.AcceptedAt ?? '') })}
          </Alert>
        ) : (
          <Typography variant="body2" color="text.secondary" data-testid="terms-not-accepted">
            {isImpersonated ? t('shell.terms.notAcceptedImpersonated') : t('shell.terms.notAccepted')}
          </Typography>
        )}
      </Box>
      <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button startIcon={<DownloadIcon />} onClick={download} disabled={!selected?.PathToTermsPdf} data-testid="terms-download">
          {t('shell.terms.download')}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={onClose}>{t('common.close')}</Button>
        {!allAccepted && (
          <Button variant="contained" onClick={() => accept.mutate()} disabled={isImpersonated || accept.isPending} data-testid="terms-accept">
            {t('shell.terms.accept')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
