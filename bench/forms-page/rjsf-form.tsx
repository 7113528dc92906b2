/** Plain RJSF with its MUI theme rendering the same 1000 fields in one form (its usual way: no tabs). */
import { createTheme, ThemeProvider } from '@mui/material/styles';
import Form from '@rjsf/mui';
import validator from '@rjsf/validator-ajv8';
import { useEffect } from 'react';
import { largeLayout, largeLayoutViews } from '../../engine/forms/fixtures/large-layout';
import { layoutToFormModel, pageSchemas } from '../../engine/forms';
import { testTesters } from '../../engine/forms/fixtures/testers';
import { markReady, mountBench } from './measure';

const theme = createTheme({ components: { MuiInputBase: { defaultProps: { disableInjectingGlobalStyles: true } } } });

const layout = largeLayout(10, 100);
const model = layoutToFormModel(layout, { mode: 'edit', views: largeLayoutViews(layout), capabilities: [{ ObjectType: 'COMPANY_ACCOUNT', Execute: true }], testers: testTesters });
// The engine's page schemas, merged into one; our widget names swapped for RJSF's own.
const pages = model.pages.map((_, index) => pageSchemas(model, index));
const schema = {
  type: 'object' as const,
  properties: Object.assign({}, ...pages.map((page) => page.schema.properties)),
  required: pages.flatMap((page) => page.schema.required),
};
const uiSchema = Object.fromEntries(model.fieldOrder.map((name) => [name, model.fields[name].kind === 'multiline' ? { 'ui:widget': 'textarea' } : {}]));
const initialData = Object.assign({}, ...pages.map((page) => page.formData));

function Bench() {
  useEffect(markReady, []);
  // Uncontrolled, as its docs show first: RJSF keeps the data and re-renders itself on change.
  return <Form schema={schema} uiSchema={uiSchema} formData={initialData} validator={validator} />;
}

// The schema above is RJSF's input, ready before the clock starts in both kinds of run.
mountBench(() => (
  <ThemeProvider theme={theme}>
    <Bench />
  </ThemeProvider>
));
