import EmailIcon from '@mui/icons-material/Email';
import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';

/** An envelope for e-mail codes, a locked phone for authenticator apps. */
export function MethodIcon({ type }: { type: string }) {
  return type === 'EMAIL' ? <EmailIcon color="primary" /> : <PhonelinkLockIcon color="primary" />;
}
