import { SpanKind, SpanStatusCode, type Tracer } from '@opentelemetry/api';
import type { Db, Queryable } from '../db/db';
import { activeContext } from './tracing';

/** Longest statement text kept on a span. */
const MAX_STATEMENT = 2_000;

function spanned<T>(tracer: Tracer, system: string, sql: string, run: () => Promise<T>): Promise<T> {
  const parent = activeContext();
  if (!parent) return run();
  const operation = /^\s*([a-z]+)/i.exec(sql)?.[1]?.toUpperCase() ?? 'SQL';
  const span = tracer.startSpan(
    `${operation} ${system}`,
    { kind: SpanKind.CLIENT, attributes: { 'db.system': 'postgresql', 'db.operation.name': operation, 'db.query.text': sql.slice(0, MAX_STATEMENT) } },
    parent,
  );
  return run().then(
    (result) => {
      span.end();
      return result;
    },
    (error: unknown) => {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
      throw error;
    },
  );
}

function tracedQueryable(target: Queryable, tracer: Tracer, system: string): Queryable {
  return {
    query: (sql, params) => spanned(tracer, system, sql, () => target.query(sql, params)),
    one: (sql, params) => spanned(tracer, system, sql, () => target.one(sql, params)),
    exec: (sql) => spanned(tracer, system, sql, () => target.exec(sql)),
  };
}

/** The database with a child span per statement of a traced request or job step (PGlite and PostgreSQL alike). */
export function tracedDb(db: Db, tracer: Tracer): Db {
  return {
    ...tracedQueryable(db, tracer, db.kind),
    kind: db.kind,
    transaction: (fn) => db.transaction((tx) => fn(tracedQueryable(tx, tracer, db.kind))),
    close: () => db.close(),
    poolStats: db.poolStats ? () => db.poolStats!() : undefined,
    dumpDataDir: db.dumpDataDir ? () => db.dumpDataDir!() : undefined,
  };
}
