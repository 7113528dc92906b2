/**
 * The building blocks of the service catalogue. One `method(...)` call gives the
 * TypeScript type of the body (Static<>), the JSON Schema the server validates
 * against, and the OpenAPI operation. See docs/ARCHITECTURE.md.
 */
import { Type, type Static, type TObject, type TProperties, type TSchema } from '@sinclair/typebox';
import { hardenParams, MAX_ID } from './hardening';
import type { RefusalStatus } from './statuses';

/** Capability flags a method may require (spec §3 Capability, §6). */
export type CapabilityFlag = 'Read' | 'Execute' | 'Create' | 'Delete';

/**
 * Who may call a method. Declared once here, enforced by the server dispatcher,
 * readable by the client (to hide what the user may not do).
 * - `public`: no session needed (sign-in, reset password, ...)
 * - `session`: any signed-in user
 * - `capability`: a signed-in user holding `objectType` with `flag`; `anyOf`
 *   lists alternatives (either one is enough).
 * `scope` names the body parameters holding account ids the call touches; the
 * caller's AccountPath must be on or above each of them.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'session'; scope?: readonly string[] }
  | {
      kind: 'capability';
      anyOf: readonly { objectType: string; flag: CapabilityFlag }[];
      scope?: readonly string[];
    };

export interface MethodContract<P extends TProperties = TProperties, R extends TSchema = TSchema> {
  summary: string;
  params: TObject<P>;
  result: R;
  access: Access;
  /** Statuses the handler answers beyond those of every method of its access kind (statuses.ts). */
  refusals: readonly RefusalStatus[];
  /** Not in spec §7: added by this project (documented in the catalogue). */
  extension?: boolean;
}

export interface MethodOptions<P extends TProperties, R extends TSchema> {
  summary: string;
  params?: P;
  result?: R;
  access: Access;
  /** 404 where an unknown or unreachable record is answered so, 409 where a rule can refuse, ... (statuses.ts). */
  refusals?: readonly RefusalStatus[];
  extension?: boolean;
}

/** A parameter the caller may leave out or send as null. */
export const Opt = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

/** Free-form JSON object (payloads the spec does not detail). */
export const AnyObject = (description?: string) =>
  Type.Object({}, { additionalProperties: true, description });

export const AccountId = (description = 'Account id') => Type.Integer({ minimum: 1, maximum: MAX_ID, description });

// `{}` is TypeBox's own type for "no properties"; a method without params gets an empty body type.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export function method<P extends TProperties = {}, R extends TSchema = TSchema>(
  options: MethodOptions<P, R>,
): MethodContract<P, R> {
  return {
    summary: options.summary,
    // Contract-wide input rules (bounds, no control characters): see hardening.ts.
    params: hardenParams(Type.Object((options.params ?? {}) as P, { additionalProperties: false })),
    result: (options.result ?? Type.Unknown()) as R,
    access: options.access,
    refusals: options.refusals ?? [],
    extension: options.extension,
  };
}

export const Public: Access = { kind: 'public' };
export const SignedIn: Access = { kind: 'session' };
export const signedInFor = (...scope: string[]): Access => ({ kind: 'session', scope });
export function needs(objectType: string, flag: CapabilityFlag, ...scope: string[]): Access {
  return { kind: 'capability', anyOf: [{ objectType, flag }], scope };
}
export function needsAny(
  anyOf: { objectType: string; flag: CapabilityFlag }[],
  ...scope: string[]
): Access {
  return { kind: 'capability', anyOf, scope };
}

export type ServiceContract = Record<string, MethodContract>;
export type BodyOf<M> = M extends MethodContract<infer P, TSchema> ? Static<TObject<P>> : never;
export type ResultOf<M> = M extends MethodContract<TProperties, infer R> ? Static<R> : never;
