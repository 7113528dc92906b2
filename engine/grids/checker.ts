/**
 * The checker the screen-definition checks share (check-definition.ts and the check-*.ts of each
 * definition part): it collects problems by JSONPath and knows the service catalogue.
 */
import type { MethodContract } from '../../contract/define';
import { findMethod } from '../../contract/catalogue';
import { PUBLIC_ADDRESS, publicAddressProblem } from './addresses';
import { BROWSER_STORE, browserStoreCall, browserStoreParams, browserStoreProblem } from './browser-stores';
import type { AccessRequirement, ParamBinding, ScreenDefinition } from './definition-schema';

export interface DefinitionProblem {
  /** JSONPath of the offending value, e.g. $.columns[2].sortable */
  path: string;
  reason: string;
}

export type Path = (string | number)[];

export const toJsonPath = (path: Path) =>
  '$' + path.map((part) => (typeof part === 'number' ? `[${part}]` : /^[A-Za-z_$][\w$]*$/.test(part) ? `.${part}` : `[${JSON.stringify(part)}]`)).join('');

function methodParams(contract: MethodContract): Set<string> {
  return new Set(Object.keys(contract.params.properties ?? {}));
}

export class Checker {
  readonly problems: DefinitionProblem[] = [];
  constructor(private readonly definition: ScreenDefinition) {}

  add(path: Path, reason: string) {
    this.problems.push({ path: toJsonPath(path), reason });
  }

  /** Every method the definition names (a public address too), with where: a public page may call only public ones. */
  readonly called: { path: Path; name: string; isPublic: boolean }[] = [];

  /** A method of the catalogue (undefined and a problem if none), or a public address (undefined, its path checked). */
  method(path: Path, service: string, method: string): MethodContract | undefined {
    if (service === PUBLIC_ADDRESS) {
      const problem = publicAddressProblem(method);
      if (problem) this.add([...path, 'method'], problem);
      this.called.push({ path, name: method, isPublic: true });
      return undefined;
    }
    if (service === BROWSER_STORE) {
      const problem = browserStoreProblem(method);
      if (problem) this.add([...path, 'method'], problem);
      // Kept in this browser: no session needed.
      this.called.push({ path, name: `${BROWSER_STORE}/${method}`, isPublic: true });
      return undefined;
    }
    const contract = findMethod(service, method);
    if (!contract) this.add(path, `${service}/${method} is not a method of the service catalogue (contract)`);
    this.called.push({ path, name: `${service}/${method}`, isPublic: contract?.access.kind === 'public' });
    return contract;
  }

  param(path: Path, contract: MethodContract | undefined, name: string, label: string) {
    if (!contract) return;
    const root = name.split('.')[0];
    if (!methodParams(contract).has(root)) {
      this.add(path, `${label} "${root}" is not a parameter of the method (it has: ${[...methodParams(contract)].join(', ') || 'none'})`);
    }
  }

  bindings(path: Path, contract: MethodContract | undefined, bindings: Record<string, ParamBinding> | undefined) {
    for (const name of Object.keys(bindings ?? {})) this.param([...path, name], contract, name, 'parameter');
  }

  /** A call's parameters: the method's, or a browser store's (contract/browser-stores.ts). */
  callBindings(path: Path, service: string, method: string, contract: MethodContract | undefined, bindings: Record<string, unknown> | undefined) {
    const store = service === BROWSER_STORE ? browserStoreCall(method) : undefined;
    if (!store) {
      this.bindings(path, contract, bindings as Record<string, ParamBinding> | undefined);
      return;
    }
    const known = browserStoreParams(store);
    for (const name of Object.keys(bindings ?? {})) {
      if (!known.includes(name)) this.add([...path, name], `parameter "${name}" is not one the browser store ${store.store} takes (it takes: ${known.join(', ') || 'none'})`);
    }
  }

  /** An action's requirement must name a capability its method accepts, or the button would always fail. */
  actionAccess(path: Path, contract: MethodContract | undefined, requires: AccessRequirement) {
    if (!contract || contract.access.kind !== 'capability') return;
    const accepted = contract.access.anyOf;
    const named = [...(requires.anyOf ?? []), ...(requires.allOf ?? [])];
    if (!named.some((ref) => accepted.some((entry) => entry.objectType === ref.objectType && entry.flag === ref.flag))) {
      this.add(path, `names none of the capabilities the method accepts (${accepted.map((entry) => `${entry.objectType} ${entry.flag}`).join(' or ')})`);
    }
  }
}

