import { AccountId, method, needs, needsAny, Opt } from '../define';
import { Base64File, FileResultSchema, Id, LanguageCode, ServiceName } from '../common';

const serviceToolRead = () =>
  needsAny([
    { objectType: 'SERVICE_TOOLS', flag: 'Read' },
    { objectType: 'MY_SERVICES', flag: 'Read' },
  ]);

export const ServiceManagement = {
  GetServiceInfo: method({
    summary: 'The details of a service, of a subscribed product account or of one service revision.',
    params: {
      accountId: Opt(AccountId('Product account whose service is shown')),
      revisionId: Opt(Id('Service revision; the current one when absent')),
      serviceName: Opt(ServiceName('Service to show; taken from the account when absent')),
    },
    access: needsAny(
      [
        { objectType: 'MARKETPLACE', flag: 'Read' },
        { objectType: 'MY_SERVICES', flag: 'Read' },
      ],
      'accountId',
    ),
  }),
  ExportServiceLocalizableFieldsToExcel: method({
    summary: 'Export the translatable texts of a service in one language as an Excel file.',
    params: { serviceName: ServiceName(), languageCode: LanguageCode() },
    result: FileResultSchema,
    access: serviceToolRead(),
  }),
  GetUpdatedServiceLocalizableFieldsFromExcel: method({
    summary: 'Read translated texts of a service from an uploaded Excel file and return them (not saved yet).',
    params: { file: Base64File('Excel workbook, base64'), serviceName: ServiceName(), languageCode: LanguageCode() },
    access: needs('SERVICE_TOOLS', 'Execute'),
  }),
  DeleteService: method({
    summary: "Delete a service owned by the caller's company.",
    params: { serviceName: ServiceName() },
    access: needs('SERVICE_TOOLS', 'Delete'),
  }),
  GetService: method({
    summary: "A service owned by the caller's company, for editing in the service tool.",
    params: { serviceName: ServiceName() },
    access: serviceToolRead(),
  }),
};

