import { method, needs } from '../define';

export const Admin = {
  GetMetadata: method({
    summary: 'The service methods and their metadata for the admin console.',
    access: needs('ADMINISTRATIVE', 'Read'),
  }),
};
