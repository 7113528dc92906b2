import type { FieldState, FormFieldModel, FormStore } from '../../engine/forms';

/** What every field renderer receives: the field's model, its current state and the store to write to. */
export interface FieldRendererProps {
  field: FormFieldModel;
  state: FieldState;
  store: FormStore;
}

/** The id of a field's input (labels point at it; LayoutForm focuses it). */
export const inputIdOf = (name: string) => `field-input-${name}`;
export const helperIdOf = (name: string) => `field-helper-${name}`;
