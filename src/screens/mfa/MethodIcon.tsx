import EmailIcon from '@mui/icons-material/Email';
import KeyIcon from '@mui/icons-material/Key';
import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';

/** An envelope for e-mail codes, a key for passkeys, a locked phone for authenticator apps. */
export function MethodIcon({ type }: { type: string }) {
  if (type === 'EMAIL') return <EmailIcon color="primary" />;
  if (type === 'PASSKEY') return <KeyIcon color="primary" />;
  return <PhonelinkLockIcon color="primary" />;
}
