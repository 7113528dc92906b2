/** What kind of value a field edits, from the layout's Type and DisplayTemplate. */
import type { LayoutField } from '../../contract/services/account-schemas';

export type FieldKind = 'text' | 'multiline' | 'email' | 'number' | 'integer' | 'date' | 'boolean' | 'enum' | 'multienum';

export const FIELD_KINDS: readonly FieldKind[] = ['text', 'multiline', 'email', 'number', 'integer', 'date', 'boolean', 'enum', 'multienum'];

export function fieldKindOf(field: Pick<LayoutField, 'Type' | 'DisplayTemplate' | 'EnumMembers' | 'RemoteEnum'>): FieldKind {
  switch (field.Type) {
    case 'Email':
      return 'email';
    case 'Number':
      return 'number';
    case 'Integer':
      return 'integer';
    case 'Date':
      return 'date';
    case 'Boolean':
      return 'boolean';
    case 'Enum':
      return 'enum';
    case 'MultiEnum':
      return 'multienum';
    default:
      // Untyped fields of older layouts: a Combobox template or options make an enum.
      if (field.DisplayTemplate === 'Combobox' || field.EnumMembers?.length || field.RemoteEnum) return 'enum';
      if (field.DisplayTemplate === 'Multiline') return 'multiline';
      return 'text';
  }
}

/** Number fields hold the typed text while editing; the number is made on save. */
export const isNumeric = (kind: FieldKind) => kind === 'number' || kind === 'integer';
