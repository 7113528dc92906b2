/**
 * Reporting/*: the reports the caller may run (REPORTING Read, plus a
 * report's own access entries), the ones it ran most, and running one over
 * the caller's organisation (its company or reseller and everything below).
 * The reports served are the files with the studio's published versions laid
 * over them (report-definition.ts: servedReports).
 */
import { hasCapability } from '../../auth/session-user';
import { fault } from '../../fault';
import { callerOrganisation } from '../billing/allowed-services';
import { requireCaller, type Caller, type ServiceContext } from '../context';
import { defineHandlers } from '../define-handlers';
import { publishedDefinitions } from '../../definitions/published-store';
import { DATA_SOURCE_FIELDS, DATA_SOURCES, type ReportParameters } from './data-sources';
import { localText, readDefinitions, servedReports, type ReportDefinition } from './report-definition';

/** How many reports GetFrequentReports answers. */
const FREQUENT_REPORTS = 5;

let files: ReportDefinition[] | undefined;
/** The definition files, read once per server process. */
export const reportFiles = () => (files ??= readDefinitions(DATA_SOURCE_FIELDS));

const served = new WeakMap<object, { generation: number; reports: ReportDefinition[] }>();
/** The reports this server serves: built again when the published set changes (its generation). */
export function reportDefinitions(config: object): ReportDefinition[] {
  const store = publishedDefinitions(config);
  let entry = served.get(config);
  if (!entry || entry.generation !== store.generation) {
    entry = { generation: store.generation, reports: servedReports(reportFiles(), store.reports, DATA_SOURCE_FIELDS) };
    served.set(config, entry);
  }
  return entry.reports;
}

const mayRun = (caller: Caller, definition: ReportDefinition) =>
  (definition.access ?? []).every((entry) => hasCapability(caller.loaded.user.Capability, entry.objectType, entry.flag));

export function summary(definition: ReportDefinition, locale: string) {
  return {
    Id: definition.id,
    Title: localText(definition.title, locale),
    Description: localText(definition.description, locale),
    Parameters: definition.parameters,
    Chart: definition.chart ?? null,
    // A hidden column stays a field of the rows (the chart may draw it) but is not shown or exported.
    Columns: definition.columns.filter((column) => !column.hidden).map((column) => ({ Field: column.field, Type: column.type, Label: localText(column.label, locale) })),
  };
}

function runnable(ctx: ServiceContext) {
  const caller = requireCaller(ctx);
  return reportDefinitions(ctx.config).filter((definition) => mayRun(caller, definition));
}

export const reportHandlers = defineHandlers('Reporting', {
  async ListReports(ctx) {
    return runnable(ctx).map((definition) => summary(definition, ctx.locale));
  },

  async GetFrequentReports(ctx) {
    const caller = requireCaller(ctx);
    const allowed = new Map(runnable(ctx).map((definition) => [definition.id, definition]));
    const rows = await ctx.db.query<{ report_id: string; runs: number; last_run_at: Date | string }>(
      'SELECT report_id, runs, last_run_at FROM report_runs WHERE user_account_id = $1 ORDER BY runs DESC, last_run_at DESC, report_id',
      [caller.loaded.user.UserAccountId],
    );
    return rows
      .filter((row) => allowed.has(row.report_id))
      .slice(0, FREQUENT_REPORTS)
      .map((row) => ({ ...summary(allowed.get(row.report_id)!, ctx.locale), Runs: Number(row.runs), LastRunAt: new Date(row.last_run_at).toISOString() }));
  },

  async RunReport(ctx, { reportId, parameters }) {
    const caller = requireCaller(ctx);
    const definition = runnable(ctx).find((entry) => entry.id === reportId);
    if (!definition) throw fault(404, 'reports.notFound');
    const result = await runDefinition(ctx, definition, parameters ?? undefined);
    await ctx.db.query(
      `INSERT INTO report_runs (user_account_id, report_id, runs, last_run_at) VALUES ($1, $2, 1, now())
       ON CONFLICT (user_account_id, report_id) DO UPDATE SET runs = report_runs.runs + 1, last_run_at = now()`,
      [caller.loaded.user.UserAccountId, definition.id],
    );
    return result;
  },
});

/** Runs a definition (a served one, or a studio draft being previewed) over the caller's organisation. */
export async function runDefinition(ctx: ServiceContext, definition: ReportDefinition, parameters: { months?: number | null; days?: number | null; currency?: string | null } | undefined) {
  const caller = requireCaller(ctx);
  const declared = definition.parameters;
  const effective: ReportParameters = {
    months: declared.months !== undefined ? (parameters?.months ?? declared.months) : 12,
    days: declared.days !== undefined ? (parameters?.days ?? declared.days) : 30,
    currency: declared.currency ? (parameters?.currency ?? null) : null,
  };
  const organisation = await callerOrganisation(ctx.db, caller);
  const rows = await DATA_SOURCES[definition.dataSource].read(ctx.db, { organisationId: organisation.id, path: organisation.path }, effective, new Date());
  return {
    ...summary(definition, ctx.locale),
    OrganisationAccountId: organisation.id,
    Effective: { Months: declared.months !== undefined ? effective.months : null, Days: declared.days !== undefined ? effective.days : null, Currency: effective.currency },
    Rows: rows,
  };
}
