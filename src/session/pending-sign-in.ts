/**
 * The sign-in waiting for its MFA code (spec §4: "credentials kept
 * temporarily"). Module memory only, never browser storage: a reload forgets
 * it and the user starts at /login again.
 */
import type { SessionUser } from '../../contract';

type AuthenticationMethod = SessionUser['UserAuthenticationMethods'][number];

export interface PendingSignIn {
  userName: string;
  password: string;
  methods: readonly AuthenticationMethod[];
  /** The method the code is asked for: the primary one until the user picks another. */
  selectedMethodId: number;
  /** What was done once in this sign-in (a code mailed for a method: no mail at every remount). */
  doneOnce: Set<string>;
}

let pending: PendingSignIn | undefined;

export function startPendingSignIn(userName: string, password: string, methods: readonly AuthenticationMethod[]): void {
  const primary = methods.find((method) => method.IsPrimary) ?? methods[0];
  pending = { userName, password, methods, selectedMethodId: primary?.Id ?? 0, doneOnce: new Set() };
}

export const getPendingSignIn = (): PendingSignIn | undefined => pending;

export function selectPendingMethod(methodId: number): void {
  if (pending?.methods.some((method) => method.Id === methodId)) pending.selectedMethodId = methodId;
}

export function clearPendingSignIn(): void {
  pending = undefined;
}
