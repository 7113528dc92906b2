import { isImpersonated } from '../../identity/impersonation';
import { useCurrentUser } from '../../session/current-user';
import { TermsDialog } from './TermsDialog';
import { useTerms } from './use-terms';

/** The header's terms dialog opened on its own (a start page card's action): at the first document not accepted. */
export function TermsReadDialog({ onClose }: { onClose: () => void }) {
  const { data: user } = useCurrentUser();
  const { data: terms } = useTerms(true);
  const first = terms?.find((document) => !document.AcceptedAt) ?? terms?.[0];
  if (!user || !terms || !first) return null;
  return <TermsDialog terms={terms} initialId={first.Id} userAccountId={user.UserAccountId} isImpersonated={isImpersonated(user)} onClose={onClose} />;
}
