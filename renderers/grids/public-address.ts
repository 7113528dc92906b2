import { isPublicAddressPath, PUBLIC_ADDRESS } from '../../engine/grids';
import type { GridServiceCaller } from './grid-service';

/** Reads a public JSON address of the portal (engine/grids/addresses.ts): GET, never from a cache; refused unless a same-origin path. */
export async function readPublicAddress(path: string, signal?: AbortSignal): Promise<unknown> {
  if (!isPublicAddressPath(path)) throw new Error(`${path} is not a public address of the portal`);
  const response = await fetch(path, { cache: 'no-store', credentials: 'same-origin', headers: { accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

/** The host's service caller that also reads public addresses (`{ service: "PublicAddress", method: "/status.json" }`). */
export const withPublicAddresses =
  (callService: GridServiceCaller): GridServiceCaller =>
  (service, method, body, options) =>
    service === PUBLIC_ADDRESS ? readPublicAddress(method, options?.signal) : callService(service, method, body, options);
