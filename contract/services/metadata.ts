import { Type } from '@sinclair/typebox';
import { AccountId, method, needs, Opt } from '../define';
import { Base64File, FileName, FileResultSchema, Name, ServiceName } from '../common';
import { PriceableItemsMetadataSchema, ServiceGroupsMetadataSchema, ServiceGroupUploadResultSchema } from './catalog-results';

const ServiceGroupName = () => Name(256, 'Service group name');

export const Metadata = {
  GetPriceableItemsMetadata: method({
    summary: 'The priceable items of a service or service group, for the service-group editor.',
    params: {
      inputDto: Type.Object(
        { ServiceName: Opt(ServiceName()), ServiceGroupName: Opt(ServiceGroupName()) },
        { additionalProperties: false },
      ),
    },
    result: PriceableItemsMetadataSchema,
    access: needs('SERVICE_TOOLS', 'Read'),
    refusals: [404],
  }),
  GetServiceGroupMetadata: method({
    summary: "The service groups of a vendor with their services; the handler checks inputDto.VendorAccountId against the caller's hierarchy.",
    params: {
      inputDto: Type.Object(
        { VendorAccountId: Opt(AccountId("Vendor; the caller's company when absent")), ServiceGroupName: Opt(ServiceGroupName()) },
        { additionalProperties: false },
      ),
    },
    result: ServiceGroupsMetadataSchema,
    access: needs('SERVICE_TOOLS', 'Read'),
  }),
  DownloadServiceGroupExcel: method({
    summary: 'Export service groups as an Excel file for offline editing.',
    params: {
      inputDto: Type.Object(
        { ServiceGroupNames: Opt(Type.Array(ServiceGroupName(), { maxItems: 1000, description: 'All groups when absent' })) },
        { additionalProperties: false },
      ),
    },
    result: FileResultSchema,
    access: needs('SERVICE_TOOLS', 'Read'),
  }),
  UploadServiceGroupExcel: method({
    summary: 'Import service groups from an edited Excel file.',
    params: {
      inputDto: Type.Object({ FileName: FileName(), File: Base64File('Excel workbook, base64') }, { additionalProperties: false }),
    },
    result: ServiceGroupUploadResultSchema,
    access: needs('SERVICE_TOOLS', 'Execute'),
  }),
};
