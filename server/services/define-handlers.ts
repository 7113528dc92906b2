import type { BodyOf, Catalogue, ResultOf, ServiceName } from '../../contract';
import type { Handler } from './context';

/** Handlers of one service, typed by the catalogue: body and result checked by the compiler. */
export type ServiceHandlers<S extends ServiceName> = {
  [M in keyof Catalogue[S]]?: Handler<BodyOf<Catalogue[S][M]>, ResultOf<Catalogue[S][M]>>;
};

export function defineHandlers<S extends ServiceName>(_service: S, handlers: ServiceHandlers<S>): ServiceHandlers<S> {
  return handlers;
}
