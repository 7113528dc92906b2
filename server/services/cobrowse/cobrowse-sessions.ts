/**
 * The co-browse sessions of this server (issue 38): one registry per instance, kept in step with the
 * other instances through the realtime fan-out, and the frames to the two sides' live connections.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { CobrowseEventData } from '../../../contract/realtime';
import { realtimeOf } from '../../realtime';
import type { ServiceContext } from '../context';
import type { CobrowseChange } from './cobrowse-change';
import { CobrowseRegistry } from './cobrowse-registry';

declare module 'fastify' {
  interface FastifyInstance {
    cobrowse: CobrowseRegistry;
  }
}

const SWEEP_INTERVAL_MS = 60_000;

/** Keeps the registry of this instance; call after attachRealtime. */
export function attachCobrowse(app: FastifyInstance): void {
  const registry = new CobrowseRegistry();
  const realtime = app.realtime;
  // This instance's own changes are applied when made (cobrowseChange), the others' when they arrive.
  const stop = realtime.onCobrowseChanged((change) => {
    if (change.origin !== realtime.instanceId) registry.apply(change);
  });
  const sweep = setInterval(() => registry.sweep(), SWEEP_INTERVAL_MS);
  sweep.unref();
  app.decorate('cobrowse', registry);
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    stop();
  });
}

export const registryOf = (ctx: ServiceContext): CobrowseRegistry => ctx.request.server.cobrowse;

export const codeHash = (code: string) => createHash('sha256').update(`cobrowse:${code}`).digest('hex');

type Change = CobrowseChange extends infer C ? (C extends unknown ? Omit<C, 'origin'> : never) : never;

/** Applies a change here at once and tells the other instances. */
export async function cobrowseChange(ctx: ServiceContext, change: Change): Promise<void> {
  const realtime = realtimeOf(ctx);
  const full = { ...change, origin: realtime.instanceId } as CobrowseChange;
  registryOf(ctx).apply(full);
  await realtime.cobrowseChanged(full);
}

/** A frame to the live connections of these sessions, on whichever instance they are. */
export async function tellSessions(ctx: ServiceContext, sessionHashes: (string | undefined)[], data: CobrowseEventData): Promise<void> {
  await realtimeOf(ctx).sendToSessions(sessionHashes.filter((hash): hash is string => Boolean(hash)), data);
}
