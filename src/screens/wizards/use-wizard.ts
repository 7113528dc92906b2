/**
 * The wizard hooks (renderers/forms/wizard/use-wizard) bound to the service
 * client, and the final call as the layout names it; the server checks body,
 * capabilities and reach as for any call.
 */
import { callByName, type CallService } from '../../api';
import { useWizardLayout as useLayout, wizardErrorText, useWizardModel, type WizardLoad } from '../../../renderers/forms';

const wizardCaller: WizardLoad = (service, method, params, signal) => callByName(service, method, params, { signal });

export const useWizardLayout = (name: string) => useLayout(name, wizardCaller);

export const runWizardCall = (service: string, method: string, params: Record<string, unknown>) => callByName(service, method, params, { suppressErrors: true }) as ReturnType<CallService>;

export { wizardErrorText, useWizardModel };
