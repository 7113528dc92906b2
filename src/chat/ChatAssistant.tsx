import SmartToyIcon from '@mui/icons-material/SmartToy';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Capability } from '../../contract';
import { allConsentAccepted, useConsentRecord } from '../consent/consent-store';

// The panel, its Direct Line client and its texts load when the chat is first opened (issue 38).
const ChatPanel = lazy(() => import('./ChatPanel'));

/** Spec §6: chat bot Read plus every cookie-consent service accepted; never while impersonating (the chat is the user's own). */
export const chatAllowed = (capabilities: readonly Capability[], consentComplete: boolean, impersonating = false) =>
  !impersonating && consentComplete && capabilities.some((capability) => capability.ObjectType === 'CHAT_BOT' && capability.Read === true);

/**
 * The chat assistant toggle of the header and its panel (spec §4 Chat): opening gets a token
 * (a stored one reused up to an hour) and talks to the help bot, or a person, over Direct Line.
 */
export function ChatAssistant({ userId, capabilities, impersonating }: { userId: number; capabilities: readonly Capability[]; impersonating: boolean }) {
  const { t } = useTranslation();
  const consent = useConsentRecord();
  const [open, setOpen] = useState(false);
  if (!chatAllowed(capabilities, allConsentAccepted(consent), impersonating)) return null;

  const label = open ? t('shell.chat.close') : t('shell.chat.open');
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} aria-pressed={open} onClick={() => setOpen(!open)} data-testid="chat-toggle">
          <SmartToyIcon />
        </IconButton>
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <ChatPanel userId={userId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
