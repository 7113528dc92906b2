/**
 * Values a form shows rather than asks for (schema/form.ts: qrCode, secret), from its prepare call's answer: a QR
 * code drawn from a text (e.g. an authenticator app's otpauth:// address) and a key in groups of four with a copy
 * button. Each shows a placeholder until the value is there.
 */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';

/** A key as authenticator apps print it: groups of four. */
export const groupedKey = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

const QR_SIZE = 200;

/** The QR code of `value` (drawn once it is there), centred, with its text for screen readers. */
export function QrCodeImage({ value, alt, testId }: { value: string; alt: string; testId: string }) {
  const [drawn, setDrawn] = useState<{ value: string; image: string }>();
  useEffect(() => {
    if (!value) return undefined;
    let cancelled = false;
    import('qrcode')
      .then((qr) => qr.toDataURL(value, { margin: 1, width: QR_SIZE, errorCorrectionLevel: 'M' }))
      .then((image) => !cancelled && setDrawn({ value, image }))
      .catch((failure: unknown) => console.error('QR code could not be drawn', failure));
    return () => {
      cancelled = true;
    };
  }, [value]);
  const image = drawn?.value === value ? drawn.image : undefined;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center' }}>
      {image ? (
        <Box component="img" src={image} alt={alt} data-testid={testId} sx={{ width: QR_SIZE, height: QR_SIZE, borderRadius: 1, bgcolor: '#fff' }} />
      ) : (
        <Skeleton variant="rectangular" width={QR_SIZE} height={QR_SIZE} />
      )}
    </Box>
  );
}

/** A key to type by hand: monospace, in groups of four (the whole key in data-secret), and a button copying it. */
export function SecretText({ value, copyLabel, onCopied, testId }: { value: string; copyLabel?: string; onCopied?: () => void; testId: string }) {
  const copy = async () => {
    await navigator.clipboard?.writeText(value).catch(() => undefined);
    onCopied?.();
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', bgcolor: 'action.hover', borderRadius: 1, px: 1.5, py: 0.5 }}>
      <Typography component="code" data-testid={testId} data-secret={value} sx={{ fontFamily: 'monospace', fontSize: '1rem', flexGrow: 1, wordBreak: 'break-all' }}>
        {value ? groupedKey(value) : '…'}
      </Typography>
      {copyLabel && (
        <IconButton aria-label={copyLabel} title={copyLabel} onClick={() => void copy()} disabled={!value}>
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      )}
    </Stack>
  );
}
