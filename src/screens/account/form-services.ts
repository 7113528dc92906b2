/**
 * What the generated forms need from the server, bound to one account (or the
 * parent of one being created): enum options and remote checks. Background
 * calls: their failures show in the field, not as pop-ups.
 */
import type { FormServices } from '../../../engine/forms';
import type { MfaServices } from '../../../renderers/forms';
import { callService } from '../../api';
import type { SessionUser } from '../../../contract';
import { MFA_STEP_UP_MINUTES } from '../../../contract/services/account-schemas';

export interface FormTarget {
  accountType: string;
  productName?: string | null;
  /** The account being edited. */
  accountId?: number;
  /** The parent of the account being created. */
  parentAccountId?: number;
}

export function accountFormServices(target: FormTarget): FormServices {
  return {
    loadOptions(field, dependentValues, signal) {
      const dependsOn = field.remoteEnum?.dependsOn ?? [];
      const request =
        dependsOn.length > 0
          ? callService(
              'Account',
              'ResolveRemoteEnum',
              {
                enumRequest: {
                  FieldName: field.name,
                  ViewName: field.view,
                  AccountType: target.accountType,
                  AccountId: target.accountId ?? null,
                  ParentAccountId: target.parentAccountId ?? null,
                  ProductName: target.productName ?? null,
                  DependentValues: Object.fromEntries(dependsOn.map((name) => [name, scalar(dependentValues[name])])),
                },
              },
              { signal, suppressErrors: true },
            )
          : callService(
              'Account',
              'GetEnumDataForField',
              {
                accountId: target.accountId ?? null,
                parentAccountId: target.parentAccountId ?? null,
                viewName: field.view,
                fieldName: field.name,
                accountType: target.accountType,
                productName: target.productName ?? null,
              },
              { signal, suppressErrors: true },
            );
      return request.then((members) => members.map((member) => ({ value: member.Value, label: member.DisplayName })));
    },
    async validateRemote(field, value, signal) {
      const validation = {
        FieldName: field.name,
        Value: scalar(value),
        AccountType: target.accountType,
        AccountId: target.accountId ?? null,
        ProductName: target.productName ?? null,
        ViewName: field.view,
      };
      const method = field.remoteValidation === 'unique' ? 'ValidateUniqueField' : 'ValidateRemoteFieldWithResult';
      const result = await callService('Account', method, { validation }, { signal, suppressErrors: true });
      return { valid: result.IsValid, message: result.Message };
    },
  };
}

/** Lists (MultiEnum) are not sent as dependent or checked values; the first item stands for them. */
function scalar(value: unknown): string | number | boolean | null {
  if (Array.isArray(value)) return value.length ? scalar(value[0]) : null;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;
}

/** The MFA step of protected fields, with the signed-in user's methods. */
/**
 * The MFA services of account forms. `onMethodsChanged`: a method was set up in place (the session
 * user's methods are read again).
 */
export function mfaServices(user: SessionUser, onMethodsChanged?: () => void): MfaServices {
  return {
    methods: user.UserAuthenticationMethods.filter((method) => method.IsEnabled).map((method) => ({
      id: method.Id,
      type: method.Type,
      name: method.Name,
      isPrimary: method.IsPrimary,
    })),
    async sendCode(methodId) {
      await callService('Authorization', 'SendSecurityCodeNotification', { authenticationMethodId: methodId }, { suppressErrors: true });
    },
    async verify(code, methodId) {
      const result = await callService('Account', 'VerifyMfaStepUp', { mfaToken: code, mfaMethodId: methodId }, { suppressErrors: true });
      return result.ValidUntil;
    },
    setupHref: '#/account-security',
    async startEmailSetUp() {
      const setup = await callService('Account', 'SetUpTwoFactorAuthentication', { authenticationMethod: { Type: 'EMAIL' } }, { suppressErrors: true });
      await callService('Authorization', 'SendSecurityCodeNotification', { authenticationMethodId: setup.AuthenticationMethodId }, { suppressErrors: true });
      return setup.AuthenticationMethodId;
    },
    async confirmSetUp(methodId, code) {
      await callService('Account', 'EnableTwoFactorAuthentication', { mfaToken: code, authenticationMethodId: methodId }, { suppressErrors: true });
      onMethodsChanged?.();
      // Turning the method on proves the second factor for this session, as a step-up does.
      return new Date(Date.now() + MFA_STEP_UP_MINUTES * 60_000).toISOString();
    },
  };
}
