import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** 'set' or 'role': the title's id and the test ids of the name field and the save button. */
  kind: 'set' | 'role';
  title: string;
  maxWidth: DialogProps['maxWidth'];
  scroll?: DialogProps['scroll'];
  name: string;
  onNameChange(name: string): void;
  description: string;
  onDescriptionChange(description: string): void;
  readOnly: boolean;
  /** Closing asks first while there are unsaved edits (useGuardedClose). */
  close(): void;
  saving: boolean;
  onSave(): void;
  /** What the record holds beyond its name and description. */
  children: ReactNode;
}

/** The frame of the capability-set and role dialogs: name, description, what the record holds, close and save. */
export function SecurityRecordDialog({ kind, title, maxWidth, scroll, name, onNameChange, description, onDescriptionChange, readOnly, close, saving, onSave, children }: Props) {
  const { t } = useTranslation();
  const titleId = kind === 'set' ? 'capability-set-dialog-title' : 'role-dialog-title';
  return (
    <Dialog open onClose={close} maxWidth={maxWidth} fullWidth scroll={scroll} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <TextField
            label={t('admin.security.name')}
            value={name}
            onChange={(event) => onNameChange(event.target.value)}
            required
            disabled={readOnly}
            slotProps={{ htmlInput: { maxLength: 256, 'data-testid': `${kind}-name` } }}
          />
          <TextField
            label={t('admin.security.description')}
            value={description}
            onChange={(event) => onDescriptionChange(event.target.value)}
            disabled={readOnly}
            multiline
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          {children}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{readOnly ? t('common.close') : t('common.cancel')}</Button>
        {!readOnly && (
          <Button variant="contained" disabled={name.trim() === '' || saving} onClick={onSave} data-testid={`${kind}-save`}>
            {t('admin.security.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
