import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface Question {
  title: string;
  text: string;
  confirmLabel: string;
  destructive?: boolean;
}

/**
 * A question before an act (a confirmation naming a count, a refusal to confirm):
 * `ask` resolves true when confirmed; persistent (spec §5), Escape cancels.
 */
export function useAsk(testId: string) {
  const { t } = useTranslation();
  const [question, setQuestion] = useState<Question | undefined>();
  const answer = useRef<(yes: boolean) => void>(undefined);
  const ask = useCallback(
    (next: Question) =>
      new Promise<boolean>((resolve) => {
        answer.current = resolve;
        setQuestion(next);
      }),
    [],
  );
  const close = (yes: boolean) => {
    setQuestion(undefined);
    answer.current?.(yes);
  };
  const dialog = question && (
    <Dialog open maxWidth="sm" fullWidth onClose={(_event, reason) => reason !== 'backdropClick' && close(false)} aria-labelledby={`${testId}-title`} data-testid={testId}>
      <DialogTitle id={`${testId}-title`}>{question.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{question.text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => close(false)}>{t('common.cancel')}</Button>
        <Button variant="contained" color={question.destructive ? 'error' : 'primary'} onClick={() => close(true)} autoFocus data-testid={`${testId}-confirm`}>
          {question.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
  return { ask, dialog };
}
