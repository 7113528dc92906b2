import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callService } from '../../api';
import type { DefinitionKind } from '../../../contract/services/studio';
import { showSuccess } from '../../messages';

export const reviewStateKey = (kind: DefinitionKind, name: string) => ['studio', 'reviewState', kind, name] as const;

interface Props {
  kind: DefinitionKind;
  name: string;
  /** The saved version the editor stands on (what "submit" sends). */
  base: number;
  dirty: boolean;
  canEdit: boolean;
  busy: boolean;
  act<T>(work: () => Promise<T>): Promise<T | undefined>;
  onDone(): Promise<void>;
}

/**
 * Four-eyes review (PORTAL_STUDIO_FOUR_EYES): submit the saved version; a
 * version awaiting review is published or sent back with a comment by another
 * administrator (the server refuses its author, with the reason shown above).
 */
export function ReviewBar({ kind, name, base, dirty, canEdit, busy, act, onDone }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const state = useQuery({
    queryKey: reviewStateKey(kind, name),
    queryFn: ({ signal }) => callService('Studio', 'GetDefinition', { kind, name }, { signal }),
  });
  const review = state.data?.Review ?? null;
  if (!state.data || (!state.data.FourEyes && !review)) return null;
  const done = async (message: string) => {
    await queryClient.invalidateQueries({ queryKey: reviewStateKey(kind, name) });
    await onDone();
    showSuccess(message);
  };
  const submit = () =>
    act(async () => {
      await callService('Studio', 'SubmitDefinitionForReview', { kind, name, version: base });
      await done(t('studio.review4.submitted', { version: base }));
    });
  const publish = (version: number) =>
    act(async () => {
      await callService('Studio', 'PublishDefinition', { kind, name, version });
      await done(t('studio.published', { version }));
    });
  const reject = (version: number) =>
    act(async () => {
      await callService('Studio', 'RejectDefinitionReview', { kind, name, version, comment: note });
      setNote('');
      await done(t('studio.review4.sentBack', { version }));
    });

  if (review?.State === 'pending') {
    return (
      <Alert severity="info" data-testid="studio-review-pending" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
        {t('studio.review4.awaiting', { version: review.Version, by: review.SubmittedBy })}
        {review.Comment && ` — ${review.Comment}`}
        {canEdit && (
          <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Button size="small" variant="contained" disabled={busy} onClick={() => void publish(review.Version)} data-testid="studio-review-publish">
              {t('studio.review4.publish', { version: review.Version })}
            </Button>
            <TextField
              size="small"
              label={t('studio.review4.note')}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              sx={{ minWidth: 240, flex: 1 }}
              slotProps={{ htmlInput: { 'data-testid': 'studio-reject-note', maxLength: 1000 } }}
            />
            <Button size="small" color="warning" variant="outlined" disabled={busy || !note.trim()} onClick={() => void reject(review.Version)} data-testid="studio-reject">
              {t('studio.review4.sendBack')}
            </Button>
          </Stack>
        )}
      </Alert>
    );
  }
  return (
    <Alert
      severity={review?.State === 'rejected' ? 'warning' : 'info'}
      variant="outlined"
      data-testid="studio-review-state"
      action={
        canEdit && state.data.FourEyes ? (
          <Button size="small" disabled={busy || dirty || base === 0} onClick={() => void submit()} data-testid="studio-submit-review">
            {t('studio.review4.submit', { version: base })}
          </Button>
        ) : undefined
      }
    >
      {review?.State === 'rejected'
        ? t('studio.review4.rejectedBy', { version: review.Version, by: review.ReviewedBy ?? '', note: review.ReviewNote ?? '' })
        : t('studio.review4.fourEyesOn')}
    </Alert>
  );
}
