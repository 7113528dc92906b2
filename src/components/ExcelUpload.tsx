import Alert from '@mui/material/Alert';
import Button, { type ButtonProps } from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useRef, type ReactNode } from 'react';

/**
 * The Excel upload of the offline-edit round trips (service texts, service groups): a button that opens the
 * file chooser for one .xlsx, and below it the upload's progress and its failure. Test ids: `<name>-upload`,
 * `<name>-file`, `<name>-upload-error`.
 */
export function ExcelUploadButton({ name, label, variant, disabled, onFile }: { name: string; label: ReactNode; variant: ButtonProps['variant']; disabled: boolean; onFile(file: File): void }) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant={variant} onClick={() => fileInput.current?.click()} disabled={disabled} data-testid={`${name}-upload`}>
        {label}
      </Button>
      <input
        ref={fileInput}
        type="file"
        hidden
        accept=".xlsx"
        data-testid={`${name}-file`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so choosing the same file again uploads it again.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}

/** The upload's progress while it runs, and the message when it failed. */
export function ExcelUploadStatus({ name, pending, error, gap }: { name: string; pending: boolean; error: string | undefined; gap?: boolean }) {
  return (
    <>
      {pending && <LinearProgress sx={gap ? { mb: 1 } : undefined} />}
      {error && (
        <Alert severity="error" sx={gap ? { mb: 2 } : undefined} data-testid={`${name}-upload-error`}>
          {error}
        </Alert>
      )}
    </>
  );
}
