import { useTranslation } from 'react-i18next';
import { kindLabel } from '../../engine/grids';
import type { ValueKindName } from '../../contract/value-kinds';

/** A stored value (fee type, category, status, …) in the user's language, through the value-kind registry. */
export function useValueText(): (kind: ValueKindName, value: string | null | undefined) => string {
  const { t } = useTranslation();
  return (kind, value) => (value === null || value === undefined || value === '' ? '' : kindLabel(kind, value, (key, params) => t(key, params)));
}
