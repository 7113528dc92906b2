import type { FastifyInstance } from 'fastify';

/** Requests being answered right now, so a graceful stop can wait for them before it closes the websockets. */
export interface InFlight {
  readonly count: number;
  /** Resolves once no request is in flight, or after maxMs. */
  idle(maxMs: number): Promise<void>;
}

export function trackInFlight(app: FastifyInstance): InFlight {
  let count = 0;
  const open = new WeakSet<object>();
  let waiters: (() => void)[] = [];
  const settle = () => {
    if (count > 0) return;
    for (const wake of waiters) wake();
    waiters = [];
  };
  const done = (request: object) => {
    if (!open.delete(request)) return;
    count--;
    settle();
  };
  // Callback hooks (no promise per request: issue 37).
  app.addHook('onRequest', (request, _reply, next) => {
    open.add(request);
    count++;
    next();
  });
  // onResponse after a reply, onRequestAbort when the client went away first (once either way).
  app.addHook('onResponse', (request, _reply, next) => {
    done(request);
    next();
  });
  app.addHook('onRequestAbort', (request, next) => {
    done(request);
    next();
  });
  return {
    get count() {
      return count;
    },
    idle(maxMs) {
      if (count <= 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, maxMs);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}
