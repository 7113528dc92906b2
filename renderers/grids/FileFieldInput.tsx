/**
 * A create form's `file` field: the button choosing the file (its name shown once chosen), the refusal of a
 * file of another type, and the preview of its first rows (`file.preview`). The picked file reaches the form
 * as its name and base64 content; a refused one as its name alone, which the form cannot send.
 */
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { fileAccepted, uploadAcceptAttribute, type FormFieldDefinition, type PickedFile } from '../../engine/grids';
import { readFileAsBase64 } from './download';
import { FilePreview } from './FilePreview';

export interface FileFieldInputProps {
  field: FormFieldDefinition;
  testId: string;
  label: string;
  help?: string;
  text: (ref: FormFieldDefinition['label']) => string;
  onChange: (value: PickedFile | '') => void;
}

export function FileFieldInput({ field, testId, label, help, text, onChange }: FileFieldInputProps) {
  const [file, setFile] = useState<File | undefined>();
  const accepted = !file || fileAccepted(field, file.name);
  const pick = (picked: File | undefined) => {
    setFile(picked);
    // A refused file stays picked without its content: the form cannot be sent with it (fieldInvalid).
    onChange(picked && !fileAccepted(field, picked.name) ? { name: picked.name, content: '' } : '');
    if (!picked || !fileAccepted(field, picked.name)) return;
    void readFileAsBase64(picked).then((content) => onChange({ name: picked.name, content }));
  };
  return (
    <Stack spacing={1}>
      <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} sx={{ alignSelf: 'flex-start', textTransform: 'none' }}>
        {file ? file.name : label}
        <input hidden type="file" accept={uploadAcceptAttribute(field.file?.extensions ?? [])} data-testid={testId} onChange={(event) => pick(event.target.files?.[0])} />
      </Button>
      {help && <FormHelperText sx={{ mt: 0 }}>{help}</FormHelperText>}
      {!accepted && field.file && (
        <Alert severity="error" data-testid={`${testId}-refused`}>
          {text(field.file.refused)}
        </Alert>
      )}
      {file && accepted && field.file?.preview && <FilePreview file={file} />}
    </Stack>
  );
}
