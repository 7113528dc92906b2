/** The standard field renderers. A new one: a file in fields/ with its tester, and a line here. */
import { checkboxRenderer } from './fields/CheckboxRenderer';
import { comboboxRenderer } from './fields/ComboboxRenderer';
import { dateRenderer } from './fields/DateRenderer';
import { dateTimeRenderer } from './fields/DateTimeRenderer';
import { displayRenderer } from './fields/DisplayRenderer';
import { mfaGatedRenderer } from './fields/MfaGatedRenderer';
import { multilineRenderer } from './fields/MultilineRenderer';
import { numberRenderer } from './fields/NumberRenderer';
import { textRenderer } from './fields/TextRenderer';
import { createRendererRegistry } from './registry';

export const defaultRendererRegistry = createRendererRegistry([
  textRenderer,
  multilineRenderer,
  numberRenderer,
  dateRenderer,
  dateTimeRenderer,
  checkboxRenderer,
  comboboxRenderer,
  displayRenderer,
  mfaGatedRenderer,
]);
