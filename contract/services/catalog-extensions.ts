/**
 * Extension methods of the service catalogue (not in spec §7), merged into their
 * services in catalogue.ts. Server side: server/services/catalog/.
 */
import { Type } from '@sinclair/typebox';
import { method, needs, needsAny, Opt } from '../define';
import { LanguageCode, ServiceName } from '../common';
import { ServiceSearchOptionsSchema, ServiceSearchOrderSchema } from './marketplace';
import { ExploreServicesResultSchema, LOCALIZABLE_FIELDS, LocalizableFieldsPreviewSchema, LocalizableFieldValueSchema, MyServiceRowSchema } from './catalog-results';

const serviceToolRead = () =>
  needsAny([
    { objectType: 'SERVICE_TOOLS', flag: 'Read' },
    { objectType: 'MY_SERVICES', flag: 'Read' },
  ]);

/** Extension methods of the Marketplace service (not in spec §7). */
export const CatalogMarketplaceExtensions = {
  ExploreServices: method({
    summary: 'One page of the Explore catalogue: the spec §3 search filter and sort, with an offset (SearchServices keeps the parameters of spec §7 and answers the first 100).',
    params: {
      offset: Type.Integer({ minimum: 0, maximum: 10_000, description: 'Services to skip' }),
      limit: Type.Integer({ minimum: 1, maximum: 100 }),
      options: Opt(ServiceSearchOptionsSchema),
      orderBy: Opt(ServiceSearchOrderSchema),
    },
    result: ExploreServicesResultSchema,
    access: needs('MARKETPLACE', 'Read'),
    extension: true,
  }),
};

/** Extension methods of the ServiceManagement service (not in spec §7). */
export const CatalogServiceManagementExtensions = {
  ListMyServices: method({
    summary: "The services the caller's organisation vends (the service tool's list; every row, the grid pages them).",
    result: Type.Array(MyServiceRowSchema),
    access: serviceToolRead(),
    extension: true,
  }),
  SaveServiceLocalizableFields: method({
    summary: 'Save the texts of a service in one language, as GetUpdatedServiceLocalizableFieldsFromExcel previewed them.',
    params: {
      serviceName: ServiceName(),
      languageCode: LanguageCode(),
      fields: Type.Array(LocalizableFieldValueSchema, { minItems: 1, maxItems: LOCALIZABLE_FIELDS.length }),
    },
    result: LocalizableFieldsPreviewSchema,
    access: needs('SERVICE_TOOLS', 'Execute'),
    refusals: [404],
    extension: true,
  }),
};

