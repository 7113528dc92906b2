/** Reports as definitions: the format, its check, and the grid the engine draws a report's table with. */
export * from './report-definition';
export { checkReport, type ReportProblem, type ReportSources } from './check-report';
export { reportGridDefinition, reportGridRows, REPORT_ROWS_SOURCE, REPORT_ROW_ID, type ReportColumnView, type ReportView, type ReportRowValues } from './report-grid';
export { reportAxisText, reportCellText, reportDayText, reportExportTable, reportMonthText, type ReportRun } from './report-format';
