import { useEffect } from 'react';
import { bridgeHostMessages } from './host-message-bridge';

export type { HostMessageEnvelope } from './host-message-bridge';

/** While embedded in a host whose origin is known, the portal's messages go to the host (spec §2). */
export function useHostMessageBridge(): void {
  useEffect(bridgeHostMessages, []);
}
