import type { Handler } from './context';
import { authorizationHandlers } from './authorization';

/**
 * Handlers per service. A catalogue method without a handler answers 501
 * (listed in the README as not implemented yet).
 */
const registry: Record<string, Record<string, Handler<never, unknown> | undefined>> = {
  Authorization: authorizationHandlers,
};

export function handlerFor(service: string, method: string): Handler<never, unknown> | undefined {
  const handlers = registry[service];
  return handlers && Object.hasOwn(handlers, method) ? handlers[method] : undefined;
}

export function implementedMethods(): string[] {
  return Object.entries(registry).flatMap(([service, handlers]) =>
    Object.keys(handlers).map((method) => `${service}/${method}`),
  );
}
