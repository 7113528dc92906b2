import { method, needs } from '../define';

export const Reporting = {
  ListReports: method({ summary: 'The reports the caller may run.', access: needs('REPORTING', 'Read') }),
  GetFrequentReports: method({ summary: 'The reports the caller runs most often.', access: needs('REPORTING', 'Read') }),
};
