/**
 * A grid's search (a definition's `search` on a grid): the method narrows its rows by the text. A text shorter than
 * minLength is not sent (the rows stay unsearched) and the screen says why. Pure.
 */
import type { SearchDefinition } from './definition-schema';

/** What the typed text sends: the trimmed text, or undefined (none, or too short — then tooShort is true). */
export function searchedText(search: SearchDefinition, typed: string): { text: string | undefined; tooShort: boolean } {
  const text = typed.trim();
  if (text === '') return { text: undefined, tooShort: false };
  if (search.minLength !== undefined && text.length < search.minLength) return { text: undefined, tooShort: true };
  return { text, tooShort: false };
}
