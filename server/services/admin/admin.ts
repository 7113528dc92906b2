import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Static } from '@sinclair/typebox';
import { listMethods } from '../../../contract';
import type { MaintenanceStateSchema } from '../../../contract/services/admin';
import { fault } from '../../fault';
import type { MaintenanceSchedule } from '../../realtime/broadcaster';
import { realtimeOf } from '../../realtime';
import { secondsUntil } from '../../realtime/maintenance-store';
import { requireCaller } from '../context';
import { defineHandlers } from '../define-handlers';

type MaintenanceState = Static<typeof MaintenanceStateSchema>;

const packageVersion = (JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../package.json'), 'utf8')) as { version: string }).version;

function maintenanceState(schedule: MaintenanceSchedule, now = Date.now()): MaintenanceState {
  if (schedule.mode !== 'scheduled') return { Mode: schedule.mode };
  return { Mode: 'scheduled', StartsAt: new Date(schedule.startsAt).toISOString(), SecondsLeft: secondsUntil(schedule.startsAt, now) };
}

/** Control characters have no place in a toast (and would bloat the NOTIFY payload); line breaks and tabs stay. */
// eslint-disable-next-line no-control-regex
const cleanText = (text: string) => text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').trim();

interface CountsRow {
  accounts: number;
  users: number;
  active_sessions: number;
  capability_sets: number;
  roles: number;
}

export const adminHandlers = defineHandlers('Admin', {
  async GetMetadata(ctx) {
    const realtime = realtimeOf(ctx);
    const [version, migrations, counts] = await Promise.all([
      ctx.db.one<{ version: string }>("SELECT current_setting('server_version') AS version"),
      ctx.db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name'),
      ctx.db.one<CountsRow>(
        `SELECT (SELECT count(*) FROM accounts)::int AS accounts,
                (SELECT count(*) FROM users)::int AS users,
                (SELECT count(*) FROM sessions
                  WHERE last_seen_at > now() - make_interval(mins => $1)
                    AND created_at > now() - make_interval(hours => $2))::int AS active_sessions,
                (SELECT count(*) FROM capability_sets)::int AS capability_sets,
                (SELECT count(*) FROM roles)::int AS roles`,
        [ctx.config.sessionIdleMinutes, ctx.config.sessionAbsoluteHours],
      ),
    ]);
    const stats = realtime.stats();
    return {
      Server: {
        Version: packageVersion,
        NodeVersion: process.version,
        InstanceId: realtime.instanceId,
        StartedAt: realtime.startedAt.toISOString(),
        UptimeSeconds: Math.floor((Date.now() - realtime.startedAt.getTime()) / 1000),
      },
      Database: { Kind: ctx.db.kind, Version: version?.version ?? '', Migrations: migrations.map((row) => row.name) },
      Counts: {
        Accounts: counts?.accounts ?? 0,
        Users: counts?.users ?? 0,
        ActiveSessions: counts?.active_sessions ?? 0,
        CapabilitySets: counts?.capability_sets ?? 0,
        Roles: counts?.roles ?? 0,
      },
      Realtime: { Connections: stats.connections, AuthenticatedConnections: stats.authenticated, Fanout: realtime.fanout },
      Maintenance: maintenanceState(realtime.maintenanceSchedule()),
      Services: { Methods: listMethods().length, Implemented: ctx.implementedMethods.length },
    };
  },

  async ScheduleMaintenance(ctx, body) {
    const caller = requireCaller(ctx);
    const now = Date.now();
    const schedule: MaintenanceSchedule =
      typeof body.mode === 'number' ? { mode: 'scheduled', startsAt: now + body.mode * 1000 } : { mode: body.mode };
    await realtimeOf(ctx).scheduleMaintenance(schedule);
    await ctx.audit('MaintenanceScheduled', caller.loaded.user.UserAccountId, { mode: body.mode });
    return maintenanceState(schedule, now);
  },

  async SendMessage(ctx, body) {
    const caller = requireCaller(ctx);
    const text = cleanText(body.text);
    if (!text) throw fault(400, 'admin.messageBlank');
    const userIds = body.userAccountIds ?? undefined;
    await realtimeOf(ctx).sendMessage(text, { scopePath: caller.loaded.scopePath, userIds });
    await ctx.audit('BroadcastMessageSent', caller.loaded.user.UserAccountId, { length: text.length, recipients: userIds?.length ?? 'all' });
    return null;
  },
});
