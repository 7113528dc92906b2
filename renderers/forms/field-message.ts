import type { TFunction } from 'i18next';
import type { FieldMessage } from '../../engine/forms';

/** A message of the engine (translation key) or of the server (text) as text. */
export function messageText(t: TFunction, message: FieldMessage): string {
  return 'text' in message ? message.text : t(message.key, message.values);
}
