import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { catalogue, listMethods } from './catalogue';
import { CapabilityObjectTypes } from './capabilities';
import type { BodyOf, ResultOf } from './define';
import { buildOpenApiDocument, servicePath } from './openapi';
import { FREE_FORM_COMMENT } from './hardening';

type JsonSchema = Record<string, unknown>;

/** Every Service/Method of spec §7, with its parameters in the spec's spelling. */
const SPEC_METHODS: Record<string, Record<string, string[]>> = {
  Authorization: {
    Authenticate: ['userName', 'password', 'mfaToken', 'mfaMethodId'],
    Logout: [],
    GetCurrentUser: [],
    AuthenticateOpenId: ['code', 'state', 'clientName'],
    PingPong: [],
    AuthenticateWithSubConfirmation: ['userName', 'password', 'subId', 'clientName', 'mfaToken'],
    SetLanguage: ['languageCode'],
    SendSecurityCodeNotification: ['authenticationMethodId'],
    Impersonate: ['userAccountId'],
    Unimpersonate: [],
  },
  SelfCare: {
    RequestResetPassword: ['username'],
    ResetPassword: ['username', 'newPassword', 'token'],
    ChangeMyPassword: ['currentPassword', 'newPassword'],
  },
  Account: {
    ValidateUserPassword: ['password', 'token'],
    SetUpTwoFactorAuthentication: ['authenticationMethod'],
    EnableTwoFactorAuthentication: ['mfaToken', 'authenticationMethodId'],
    DisableTwoFactorAuthentication: ['authenticationMethodId'],
    SetNameTwoFactorAuthentication: ['authenticationMethodId', 'newName'],
    SetPrimaryTwoFactorAuthentication: ['authenticationMethodId'],
    HasEnabledTwoFactorAuthentication: ['userAccountId'],
    DisableMfaForUser: ['userAccountId'],
    GetTwoFactorAuthenticationMethods: [],
    GetMFAPolicy: ['companyAccountId'],
    GetHierarchyMFAPolicy: ['companyAccountId'],
    UpdateMFAPolicy: ['companyMFAPolicy'],
    UpdateHierarchyMFAPolicy: ['companyMFAPolicy'],
    GetMyConfirmedTerms: [],
    GetAuditLog: ['query'],
    ExportAuditLog: ['query'],
    LoadAccountById: ['accountId'],
    GetViewLayout: ['accountType', 'action', 'productName'],
    GetEnumDataForField: ['accountId', 'parentAccountId', 'viewName', 'fieldName', 'accountType', 'productName'],
    ResolveRemoteEnum: ['enumRequest'],
    GetPossibleProductsForUpgrade: ['accountId'],
    GetDefaultViewsForCustomAction: ['accountId', 'action'],
    GetProductMetaRules: ['accountid', 'parentAccountId', 'productName', 'quoteId'],
    GetUpgradeProcessValues: ['sourceAccountId', 'targetProductName', 'targetAccountId', 'viewValues'],
    ExecuteAccountUpgradeProcess: ['accountId', 'upgradeProcessId'],
    ValidateUniqueField: ['validation'],
    ValidateRemoteFieldWithResult: ['validation'],
    SearchAccount: ['text'],
    GetSupportDetails: [],
    GetAccountTree: ['accountId', 'showTerminatedAccounts'],
    GetUsersForCompany: ['accountId'],
    GetAccountsForTermination: ['accountId'],
    TerminateAccount: ['accountId', 'sendToSdp', 'terminationDate', 'terminationReason'],
    GetPossbileParentsForAccountMove: ['accountId'],
    MoveAccount: ['accountId', 'newParentAccountId'],
    GetPartialCompanyHierarchy: ['targetRoot', 'maxRows', 'searchString', 'includeDepartment'],
  },
  Billing: {
    GetIntervalsForCompany: ['companyAccountId'],
    ...Object.fromEntries(
      [
        'Onlinebill_GenerateCompanyProductReport',
        'Onlinebill_GenerateCompanyProductPDF',
        'Onlinebill_GenerateCompanyHierarchyProductJSON',
        'Onlinebill_GenerateCompanyHierarchyProductPDF',
        'Onlinebill_GenerateCompanyHierarchyProductXML',
      ].map((name) => [name, ['companyAccountId', 'billingInterval', 'hideIndirectPayments', 'groupByCustomers', 'currency']]),
    ),
    OnlinebillExport: ['companyAccountId', 'intervalId', 'currency'],
    GetCompanyAllowedServices: [],
  },
  Security: {
    GetCapabilitySets: ['ownerCompanyId'],
    AddCapabilitySet: ['ownerCompanyId', 'capabilitySet'],
    UpdateCapabilitySet: ['capabilitySet'],
    DeleteCapabilitySet: ['capabilitySetId'],
    GetRoles: ['accountId'],
    AddRole: ['ownerCompanyId', 'role'],
    UpdateRole: ['role'],
    DeleteRole: ['roleId'],
    GetRolesForUser: ['accountId'],
  },
  CreditCheck: {
    ListCreditCheckOrders: [],
    ListCreditCheckOrdersForApproval: [],
    CancelCreditCheckOrder: ['request'],
    DeclineCreditCheckOrder: ['request'],
    ApproveCreditCheckOrder: ['request'],
    GenerateOrderInvoicePdf: ['request'],
  },
  Marketplace: {
    AcceptTermsAndConditions: ['accountId', 'productName'],
    SearchServices: ['limit', 'options', 'orderBy'],
    GetSearchServicesMetadata: ['options'],
    GetAvailableMarketplacesForServices: ['serviceName'],
    UpdateMarketplaceServices: ['marketplaceOfferId', 'marketplaceServiceList', 'updateCharges'],
    CreateMarketplace: ['marketplaceOffer'],
    ListMarketplaces: [],
    ListCustomersForMarketplace: ['marketplaceId', 'filterName'],
    DeleteMarketplace: ['marketplaceId'],
    SaveMarketplacePriority: ['marketplacePriorityList'],
    GetCompanyMarketplaceService: ['serviceName'],
    GetMyMarketplaceService: ['marketplaceId', 'serviceName'],
    GetAvailableCurrencyList: [],
    GetServicesForPropagation: ['marketplaceId', 'marketplaceProperties'],
    GetMarketplaceProperties: ['marketplaceId'],
    PropagateServices: ['marketplaceId'],
    UpdateMarketplaceProperties: ['marketplaceId', 'marketplaceProperties'],
  },
  Provisioning: {
    GetProvisioningRequestsFilter: ['query', 'accountId'],
    GetProvisioningMetadata: ['accountId'],
    CancelProvisioningRequest: ['requestList'],
    CompleteProvisioningRequest: ['requestList'],
    ResubmitProvisioningRequest: ['requestList'],
    RetryProvisioningRequest: ['requestList'],
    EscalateProvisioningRequest: ['requestList'],
    GetAccountProvisioningRequests: ['accountId'],
  },
  Admin: { GetMetadata: [] },
  IpRestrictions: {
    GetAuthorizationRestrictions: ['accountId'],
    SaveAuthorizationRestrictions: ['companyAccountId', 'restrictions'],
  },
  ServiceManagement: {
    GetServiceInfo: ['accountId', 'revisionId', 'serviceName'],
    ExportServiceLocalizableFieldsToExcel: ['serviceName', 'languageCode'],
    GetUpdatedServiceLocalizableFieldsFromExcel: ['file', 'serviceName', 'languageCode'],
    DeleteService: ['serviceName'],
    GetService: ['serviceName'],
  },
  Metadata: {
    GetPriceableItemsMetadata: ['inputDto'],
    GetServiceGroupMetadata: ['inputDto'],
    DownloadServiceGroupExcel: ['inputDto'],
    UploadServiceGroupExcel: ['inputDto'],
  },
  Pricing: {
    GetPricingRuleGroup: ['inputDto'],
    UpdatePricingRuleGroup: ['inputDto'],
    PricingRuleExcelDownload: ['inputDto'],
    GetDynamicPricesPreview: ['inputDto'],
  },
  CustomCharges: {
    AddCustomCharge: ['customCharge'],
    DeleteCustomChargeById: ['customChargeId'],
    ListCustomChargesForAccount: ['accountId'],
  },
  Quotes: {
    ListAvailableCustomers: [],
    ListQuoteGroups: [],
    ListRecommendedProducts: ['productList', 'parentAccountId', 'limit'],
    CreateQuote: ['quote'],
    SaveQuote: ['quote'],
    LoadQuote: ['quoteId'],
    DeleteQuote: ['quoteIds'],
    ListQuotesWithPagination: ['input'],
    ListCustomerQuotesWithPagination: ['input'],
    LoadQuoteProducts: ['currency', 'productList'],
  },
  Import: {
    GetImports: [],
    GetImportDetails: ['importId'],
    CancelImport: ['importId'],
    CancelImportAccount: ['importAccountId'],
  },
  Notification: {
    GetUserNotificationPreferences: ['userAccountId'],
    UpdateUserNotificationPreferences: ['userAccountId', 'preferences'],
  },
  ChatBot: { GetToken: [] },
  Reporting: { ListReports: [], GetFrequentReports: [] },
  Invoice: { CreateInvoiceBillingTask: ['productAccountId'] },
};

const SPEC_METHOD_COUNT = Object.values(SPEC_METHODS).reduce((sum, methods) => sum + Object.keys(methods).length, 0);

const plain = (schema: unknown): JsonSchema => JSON.parse(JSON.stringify(schema)) as JsonSchema;

const newAjv = () => {
  const ajv = new Ajv({ strict: false });
  addFormats(ajv);
  return ajv;
};

const FORMAT_SAMPLES: Record<string, string> = {
  'date-time': '2024-01-31T12:00:00Z',
  date: '2024-01-31',
  email: 'user@example.com',
};

/**
 * The smallest body a schema accepts: required properties only, lower bounds,
 * first alternative that is not null. Patterned strings must carry `examples`.
 */
function minimalValue(schema: JsonSchema, path: string): unknown {
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.anyOf)) {
    const variants = schema.anyOf as JsonSchema[];
    const chosen = variants.find((variant) => variant.type !== 'null') ?? variants[0];
    return minimalValue(chosen, path);
  }
  switch (schema.type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = (schema.required ?? []) as string[];
      return Object.fromEntries(required.map((name) => [name, minimalValue(properties[name], `${path}.${name}`)]));
    }
    case 'array': {
      const count = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const items = (schema.items ?? {}) as JsonSchema;
      return Array.from({ length: count }, (_, index) => {
        const value = minimalValue(items, `${path}[${index}]`);
        return typeof value === 'number' && schema.uniqueItems ? value + index : value;
      });
    }
    case 'string': {
      if (typeof schema.format === 'string') {
        const sample = FORMAT_SAMPLES[schema.format];
        if (!sample) throw new Error(`${path}: no sample for format ${schema.format}`);
        return sample;
      }
      if (typeof schema.pattern === 'string') throw new Error(`${path}: patterned string without examples`);
      return 'x'.repeat(typeof schema.minLength === 'number' ? schema.minLength : 1);
    }
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return 'any';
  }
}

/** The schema of one property, unwrapping the optional-or-null union of Opt(). */
function propertyTypes(schema: JsonSchema): string[] {
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as JsonSchema[]).flatMap(propertyTypes);
  if (schema.type === 'array') return propertyTypes((schema.items ?? {}) as JsonSchema).map((type) => `${type}[]`);
  return [String(schema.type)];
}

const methods = listMethods();
const cases = methods.map((entry) => [`${entry.service}/${entry.method}`, entry] as const);

describe('service catalogue', () => {
  it('holds every Service/Method of spec §7 with the spec parameter names', () => {
    const specPairs = Object.entries(SPEC_METHODS).flatMap(([service, list]) => Object.keys(list).map((name) => `${service}/${name}`));
    const nonExtension = methods.filter((entry) => !entry.contract.extension).map((entry) => `${entry.service}/${entry.method}`);
    expect(new Set(nonExtension)).toEqual(new Set(specPairs));
    for (const [service, list] of Object.entries(SPEC_METHODS)) {
      for (const [name, params] of Object.entries(list)) {
        const contract = (catalogue as unknown as Record<string, Record<string, { params: JsonSchema }>>)[service][name];
        const properties = (contract.params.properties ?? {}) as Record<string, JsonSchema & { description?: string; anyOf?: { description?: string }[] }>;
        const descriptionOf = (param: string) => properties[param].description ?? properties[param].anyOf?.find((choice) => choice.description)?.description ?? '';
        // The spec's parameters, in its order; beyond them only optional parameters marked as extensions.
        const extras = Object.keys(properties).filter((param) => !params.includes(param));
        expect(Object.keys(properties).filter((param) => params.includes(param)), `${service}/${name}`).toEqual(params);
        for (const extra of extras) {
          expect(contract.params.required ?? [], `${service}/${name}: ${extra} must be optional`).not.toContain(extra);
          expect(descriptionOf(extra), `${service}/${name}: ${extra} must say it is an extension`).toMatch(/^Extension: /);
        }
      }
    }
  });

  it('counts at least the methods of spec §7', () => {
    // Spec §7 names 136 methods; the brief's "at least 150" would need methods the spec does not name.
    expect(SPEC_METHOD_COUNT).toBe(136);
    expect(methods.length).toBeGreaterThanOrEqual(SPEC_METHOD_COUNT);
  });

  it.each(cases)('%s declares a known access kind with known object types', (_name, { contract }) => {
    const { access } = contract;
    expect(['public', 'session', 'capability']).toContain(access.kind);
    if (access.kind === 'capability') {
      expect(access.anyOf.length).toBeGreaterThan(0);
      for (const { objectType, flag } of access.anyOf) {
        expect(CapabilityObjectTypes as readonly string[]).toContain(objectType);
        expect(['Read', 'Execute', 'Create', 'Delete']).toContain(flag);
      }
    }
  });

  it.each(cases)('%s scopes only account-id parameters of its body', (_name, { contract }) => {
    const scope = contract.access.kind === 'public' ? [] : (contract.access.scope ?? []);
    const properties = (plain(contract.params).properties ?? {}) as Record<string, JsonSchema>;
    for (const name of scope) {
      expect(Object.keys(properties), `scope ${name}`).toContain(name);
      const types = propertyTypes(properties[name]).filter((type) => type !== 'null');
      expect(types.every((type) => type === 'integer' || type === 'integer[]'), `scope ${name} is ${types.join('|')}`).toBe(true);
    }
  });

  it.each(cases)('%s has a one-sentence summary', (_name, { contract }) => {
    expect(contract.summary).toMatch(/^[A-Z].*\.$/);
    expect(contract.summary.length).toBeLessThanOrEqual(200);
  });

  it.each(cases)('%s params schema accepts a minimal body and rejects wrong ones', (name, { contract }) => {
    const ajv = newAjv();
    const schema = plain(contract.params);
    const validate = ajv.compile(schema);
    const body = minimalValue(schema, name) as Record<string, unknown>;
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    for (const wrong of [42, 'text', null, [], true]) expect(validate(wrong)).toBe(false);
    expect(validate({ ...body, unexpectedParameter: 1 })).toBe(false);
  });

  it('leaves payload objects open only where the shape really is open', () => {
    const open: string[] = [];
    const walk = (schema: JsonSchema, path: string): void => {
      if (schema.$comment === FREE_FORM_COMMENT) return; // bounded free-form values (hardening.ts) are open by design
      if (schema.type === 'object' && !schema.patternProperties) {
        // false, or (open) the contract's bounded free-form value schema (hardening.ts).
        expect(['boolean', 'object'], `${path} must say whether extra fields are allowed`).toContain(typeof schema.additionalProperties);
        if (schema.additionalProperties !== false) open.push(path);
      }
      for (const [name, child] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) walk(child, `${path}.${name}`);
      for (const child of Object.values((schema.patternProperties ?? {}) as Record<string, JsonSchema>)) walk(child, `${path}{}`);
      for (const child of (schema.anyOf ?? []) as JsonSchema[]) walk(child, path);
      if (schema.items) walk(schema.items as JsonSchema, `${path}[]`);
    };
    for (const { service, method, contract } of methods) walk(plain(contract.params), `${service}/${method}`);
    // AG Grid filter models differ per filter type; the handler reads the fields it knows.
    expect(open.every((path) => path.endsWith('.filterModel{}'))).toBe(true);
  });

  it('every method declares what it answers (a result schema, not unknown)', () => {
    const undeclared = methods.filter(({ contract }) => Object.keys(plain(contract.result)).length === 0).map(({ service, method }) => `${service}/${method}`);
    expect(undeclared).toEqual([]);
  });

  it.each(cases)('%s result schema compiles', (_name, { contract }) => {
    expect(() => newAjv().compile(plain(contract.result))).not.toThrow();
  });
});

describe('OpenAPI document', () => {
  const document = buildOpenApiDocument() as {
    openapi: string;
    paths: Record<string, { post: { operationId: string; tags: string[]; 'x-access': unknown; responses: Record<string, unknown> } }>;
  };

  it('has one POST path per method', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toHaveLength(methods.length);
    const operationIds = new Set<string>();
    for (const { service, method, contract } of methods) {
      const operation = document.paths[servicePath(service, method)]?.post;
      expect(operation, `${service}/${method}`).toBeDefined();
      expect(operation.operationId).toBe(`${service}_${method}`);
      expect(operation.tags).toEqual([service]);
      expect(operation['x-access']).toEqual(contract.access);
      // Exactly what the method answers (statuses.ts); 500 never, 501 only for a method without handler.
      const statuses = ['200', '400', '403', '413', '415', '429', '503', ...(contract.access.kind === 'public' ? [] : ['401']), ...contract.refusals.map(String)];
      expect(Object.keys(operation.responses).sort()).toEqual([...new Set(statuses)].sort());
      operationIds.add(operation.operationId);
    }
    expect(operationIds.size).toBe(methods.length);
  });

  it('is plain JSON', () => {
    expect(JSON.parse(JSON.stringify(document))).toEqual(document);
  });

  it("names the headers a caller must read: 429's Retry-After, and the count a sign-in-taking security change must confirm", () => {
    const headersOf = (service: string, method: string, status: string) =>
      Object.keys(((document.paths[servicePath(service, method)].post.responses[status] as { headers?: object }).headers ?? {}));
    expect(headersOf('Account', 'SearchAccount', '429')).toEqual(['Retry-After']);
    for (const method of ['UpdateCapabilitySet', 'DeleteCapabilitySet', 'UpdateRole', 'DeleteRole', 'SetRolesForUser']) {
      expect(headersOf('Security', method, '409'), method).toEqual(['x-login-loss-count']);
    }
    expect(headersOf('Quotes', 'SendQuote', '409')).toEqual([]);
  });
});

describe('typed bodies', () => {
  it('derives TypeScript body and result types from the schemas', () => {
    const terminate: BodyOf<typeof catalogue.Account.TerminateAccount> = {
      accountId: 7,
      terminationReason: 'TooExpensive',
      terminationDate: null,
    };
    const token: ResultOf<typeof catalogue.ChatBot.GetToken> = { Token: 'abc' };
    const noParams: BodyOf<typeof catalogue.Reporting.ListReports> = {};
    expect([terminate.accountId, token.Token, Object.keys(noParams).length]).toEqual([7, 'abc', 0]);
  });
});
