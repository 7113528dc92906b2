import { messageStore, type ForwardedMessage } from '../../messages/message-store';
import { hostOrigin, isEmbedded } from './embedded-mode';

/** The envelope a host app receives with `window.addEventListener('message', ...)`. */
export interface HostMessageEnvelope {
  source: 'cloud-marketplace-portal';
  kind: 'message';
  message: ForwardedMessage;
}

/**
 * While embedded in a host whose origin is known, the portal's messages go to the host (spec §2). Without
 * React, for the first sign-in page too; returns the undoing.
 */
export function bridgeHostMessages(): () => void {
  const origin = isEmbedded() ? hostOrigin() : undefined;
  if (!origin) return () => undefined;
  messageStore.setForwarder((message) => {
    const envelope: HostMessageEnvelope = { source: 'cloud-marketplace-portal', kind: 'message', message };
    window.parent.postMessage(envelope, origin);
  });
  return () => messageStore.setForwarder(undefined);
}
