/**
 * React bindings of the form engine: <LayoutForm>, the field renderer registry
 * and its renderers, and hooks to a form's state. No import of the app (src/):
 * screens hand in the services (server calls, MFA) as props.
 */
export { LayoutForm, type LayoutFormProps } from './LayoutForm';
export { LayoutSaveBar } from './LayoutSaveBar';
export { WizardForm, type WizardFormProps } from './WizardForm';
export type { AccountFormRequest, AccountFormSupport } from './wizard/AccountFormStep';
export { accountFormServices, type FormCall, type FormTarget } from './account-form-services';
export { createLayoutForm, useLayoutForm, type LayoutFormHandle } from './use-layout-form';
export { useFieldState, useFormModel, useFormStatus } from './use-form-state';
export { createRendererRegistry, type FieldRendererEntry, type RendererRegistry } from './registry';
export { defaultRendererRegistry } from './default-registry';
export type { MfaMethodChoice, MfaServices } from './form-context';
export type { FieldRendererProps } from './field-props';
export { DefinedWizard, type DefinedWizardProps, type SubjectPicker } from './wizard/DefinedWizard';
export { useWizardLayout, useWizardModel, useWizardSourceLoader, useWizardSource, wizardSourceKey, wizardErrorText, wizardQueryKey } from './wizard/use-wizard';
export type { WizardLoad } from './wizard/ChooseRowStep';
