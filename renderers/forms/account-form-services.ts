/**
 * What an account's layout form needs from the server, bound to one account (or
 * the parent of one being created): enum options (GetEnumDataForField, or
 * ResolveRemoteEnum for options that depend on other fields) and remote checks
 * (ValidateUniqueField, ValidateRemoteFieldWithResult). Background calls: their
 * failures show in the field, not as pop-ups. The service client is handed in.
 */
import type { EnumOption, FormServices } from '../../engine/forms';

export interface FormTarget {
  accountType: string;
  productName?: string | null;
  /** The account being edited. */
  accountId?: number;
  /** The parent of the account being created. */
  parentAccountId?: number;
}

/** The service client as the form calls it: quietly (the field says what went wrong). */
export type FormCall = (service: string, method: string, params: Record<string, unknown>, options: { signal: AbortSignal; suppressErrors: true }) => Promise<unknown>;

export function accountFormServices(call: FormCall, target: FormTarget): FormServices {
  return {
    loadOptions(field, dependentValues, signal) {
      const dependsOn = field.remoteEnum?.dependsOn ?? [];
      const request =
        dependsOn.length > 0
          ? call(
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
          : call(
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
      return request.then((members) => (members as { Value: EnumOption['value']; DisplayName: string }[]).map((member) => ({ value: member.Value, label: member.DisplayName })));
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
      const result = (await call('Account', method, { validation }, { signal, suppressErrors: true })) as { IsValid: boolean; Message: string | null };
      return { valid: result.IsValid, message: result.Message };
    },
  };
}

/** Lists (MultiEnum) are not sent as dependent or checked values; the first item stands for them. */
function scalar(value: unknown): string | number | boolean | null {
  if (Array.isArray(value)) return value.length ? scalar(value[0]) : null;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;
}
