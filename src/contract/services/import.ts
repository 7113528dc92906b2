import { method, needs } from '../define';
import { Id } from '../common';

export const Import = {
  GetImports: method({
    summary: 'The account imports the caller started or may see.',
    access: needs('MY_IMPORTS', 'Read'),
  }),
  GetImportDetails: method({
    summary: 'One import with its imported accounts and errors.',
    params: { importId: Id('Import id') },
    access: needs('MY_IMPORTS', 'Read'),
  }),
  CancelImport: method({
    summary: 'Cancel a pending or running import.',
    params: { importId: Id('Import id') },
    access: needs('MY_IMPORTS', 'Execute'),
  }),
  CancelImportAccount: method({
    summary: 'Cancel the import of one account within an import.',
    params: { importAccountId: Id('Id of one account row of an import') },
    access: needs('MY_IMPORTS', 'Execute'),
  }),
};
