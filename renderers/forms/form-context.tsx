import type { TFunction } from 'i18next';
import { createContext, useContext } from 'react';
import type { RendererRegistry } from './registry';

/** An MFA method of the signed-in user, as the step-up dialog offers it. */
export interface MfaMethodChoice {
  id: number;
  type: string;
  name: string;
  isPrimary: boolean;
}

/** How MFA-gated fields reach the server; the screen provides it (renderers do not import the app). */
export interface MfaServices {
  methods: readonly MfaMethodChoice[];
  /** Sends a code for an e-mail method. */
  sendCode(methodId: number): Promise<void>;
  /** Checks a code; resolves with the moment until which protected fields may be saved (ISO). */
  verify(code: string, methodId: number): Promise<string>;
  /** Where the user sets a method up when it has none (leaving the form). */
  setupHref?: string;
  /**
   * Setting up a method in place, without leaving the form (a required MFA-gated field must not be a
   * dead end): an e-mail method to the account's address; resolves with its id once the code is sent.
   */
  startEmailSetUp?(): Promise<number>;
  /** Turns that method on with the code sent; resolves like `verify` (the set-up proves the second factor). */
  confirmSetUp?(methodId: number, code: string): Promise<string>;
}

export interface LayoutFormContextValue {
  registry: RendererRegistry;
  mfa?: MfaServices;
  /** The translation function, once for the form (a hook per field would cost more than the field). */
  t: TFunction;
  locale: string;
}

export const LayoutFormContext = createContext<LayoutFormContextValue | null>(null);

export function useLayoutFormContext(): LayoutFormContextValue {
  const value = useContext(LayoutFormContext);
  if (!value) throw new Error('Field renderers need <LayoutForm> around them');
  return value;
}
