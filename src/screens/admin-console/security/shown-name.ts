import { useState } from 'react';
import { kindLabel, type Translate } from '../../../../engine/grids';
import type { ValueKindName } from '../../../../contract/value-kinds';

/**
 * A seeded capability set or role is stored under its English name, which the lists show in the
 * page's language (a value kind). Its dialog shows the same words, so one thing has one name on
 * the screen; the stored name is saved back unless the user changed it, so one language's word
 * does not become the name every language sees.
 */
export function useShownName(kind: ValueKindName, stored: string | undefined, translate: Translate) {
  const [shown] = useState(() => (stored ? kindLabel(kind, stored, translate) : ''));
  const [name, setName] = useState(shown);
  const nameToSave = () => (stored && name.trim() === shown ? stored : name.trim());
  return { name, setName, nameToSave };
}
