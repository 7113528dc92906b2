/**
 * Facets and search: the values a user ticks beside the rows (explore's
 * vendors, categories, tags; a "show terminated" switch) and the search text
 * go into the data source's body and — so each facet counts with the others
 * applied — into the metadata method's body. The metadata result gives each
 * facet its values with counts.
 */
import { setPath, type ScreenContext } from './bindings';
import type { FacetDefinition, SearchDefinition } from './definition-schema';
import { kindLabel, type Translate } from './texts';

type Row = Record<string, unknown>;
export type FacetValue = string | number;
/** Chosen values per facet id: a list (checkList) or on/off (switch). */
export type FacetChoices = Readonly<Record<string, readonly FacetValue[] | boolean | undefined>>;

export interface FacetItem {
  value: FacetValue;
  label: string;
  count: number;
}

/** Copies a body and adds the chosen facets and the search text (what is not chosen is left out). */
export function withFacets(body: Row, facets: readonly FacetDefinition[] | undefined, choices: FacetChoices, search?: { definition: SearchDefinition; text: string }): Row {
  const result: Row = structuredClone(body);
  for (const facet of facets ?? []) {
    const chosen = choices[facet.id];
    if (facet.input === 'switch') {
      if (chosen === true) setPath(result, facet.param, true);
    } else if (Array.isArray(chosen) && chosen.length > 0) setPath(result, facet.param, [...chosen]);
  }
  const text = search?.text.trim();
  if (search && text) setPath(result, search.definition.param, text);
  return result;
}

/** Does any facet or the search narrow the rows? */
export const facetsActive = (choices: FacetChoices, searchText = ''): boolean =>
  searchText.trim() !== '' || Object.values(choices).some((chosen) => chosen === true || (Array.isArray(chosen) && chosen.length > 0));

/** Base64 of UTF-8 (the route's form of a search text, so any text fits in one path segment); '' when it is not. */
function fromBase64(encoded: string): string {
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(decodeURIComponent(encoded)), (char) => char.charCodeAt(0)));
  } catch {
    return '';
  }
}

/** The search text the screen opens with: the search's context value, decoded as its `contextEncoding` says. */
export function initialSearchText(search: SearchDefinition | undefined, context: ScreenContext): string {
  const raw = search?.context ? context[search.context] : undefined;
  if (raw === undefined || raw === '') return '';
  return search?.contextEncoding === 'base64' ? fromBase64(String(raw)) : String(raw);
}

/** Ticks or unticks one value of a checkList facet. */
export function toggleFacetValue(choices: FacetChoices, facetId: string, value: FacetValue): FacetChoices {
  const known = choices[facetId];
  const list = Array.isArray(known) ? known : [];
  return { ...choices, [facetId]: list.includes(value) ? list.filter((item) => item !== value) : [...list, value] };
}

const asFacetValue = (value: unknown): FacetValue | undefined => (typeof value === 'string' || typeof value === 'number' ? value : undefined);

/** A checkList facet's values with counts from the metadata result; past `limit` only the chosen ones stay. */
export function facetItems(facet: FacetDefinition, metadata: unknown, chosen: readonly FacetValue[], translate: Translate): FacetItem[] {
  const options = facet.options;
  const list = options && typeof metadata === 'object' && metadata !== null ? (metadata as Row)[options.metadata] : undefined;
  if (!options || !Array.isArray(list)) return [];
  const valueField = options.valueField ?? 'Value';
  const countField = options.countField ?? 'Count';
  const items = list.flatMap((entry): FacetItem[] => {
    const record = typeof entry === 'object' && entry !== null ? (entry as Row) : { [valueField]: entry };
    const value = asFacetValue(record[valueField]);
    if (value === undefined) return [];
    const ownLabel = options.labelField ? record[options.labelField] : undefined;
    const label = typeof ownLabel === 'string' ? ownLabel : options.valueKind ? kindLabel(options.valueKind, String(value), translate) : String(value);
    const count = Number(record[countField] ?? 0);
    return [{ value, label, count: Number.isFinite(count) ? count : 0 }];
  });
  const limit = options.limit;
  return limit === undefined ? items : items.filter((item, index) => index < limit || chosen.includes(item.value));
}

/** The count a switch facet shows beside its label. */
export function switchCount(facet: FacetDefinition, metadata: unknown): number | undefined {
  if (!facet.count || typeof metadata !== 'object' || metadata === null) return undefined;
  const count = Number((metadata as Row)[facet.count]);
  return Number.isFinite(count) ? count : undefined;
}
