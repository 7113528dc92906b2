import { Type } from '@sinclair/typebox';
import { method, needs, Opt } from '../define';
import { DateTime } from '../common';

/** When maintenance begins, as the admin console shows it. */
export const MaintenanceStateSchema = Type.Object(
  {
    Mode: Type.Union([Type.Literal('off'), Type.Literal('soon'), Type.Literal('scheduled')]),
    StartsAt: Opt(DateTime('When maintenance begins (scheduled only)')),
    SecondsLeft: Opt(Type.Integer({ minimum: 0, description: 'Seconds until it begins; 0 once it has begun (scheduled only)' })),
  },
  { additionalProperties: false },
);

const Count = () => Type.Integer({ minimum: 0 });

export const AdminMetadataSchema = Type.Object(
  {
    Server: Type.Object(
      {
        Version: Type.String(),
        NodeVersion: Type.String(),
        InstanceId: Type.String({ description: 'This server process' }),
        StartedAt: DateTime(),
        UptimeSeconds: Count(),
      },
      { additionalProperties: false },
    ),
    Database: Type.Object(
      {
        Kind: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
        Version: Type.String(),
        Migrations: Type.Array(Type.String(), { description: 'Applied migrations, oldest first' }),
      },
      { additionalProperties: false },
    ),
    Counts: Type.Object(
      { Accounts: Count(), Users: Count(), ActiveSessions: Count(), CapabilitySets: Count(), Roles: Count() },
      { additionalProperties: false },
    ),
    Realtime: Type.Object(
      {
        Connections: Count(),
        AuthenticatedConnections: Count(),
        Fanout: Type.Union([Type.Literal('in-process'), Type.Literal('postgres')], { description: 'How events reach other server instances' }),
      },
      { additionalProperties: false, description: 'Live connections to this server instance' },
    ),
    Maintenance: MaintenanceStateSchema,
    Services: Type.Object({ Methods: Count(), Implemented: Count() }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);

export const Admin = {
  GetMetadata: method({
    summary: 'The service methods and their metadata for the admin console.',
    result: AdminMetadataSchema,
    access: needs('ADMINISTRATIVE', 'Read'),
  }),
  ScheduleMaintenance: method({
    summary: 'Announce maintenance to every signed-in user: soon, in a number of seconds, now (0: answered as scheduled with SecondsLeft 0), or off when it is over.',
    params: {
      mode: Type.Union([
        Type.Literal('soon', { description: 'Maintenance is coming, no time given: a notice users may close' }),
        Type.Literal('off', { description: 'No maintenance (any more): every notice goes away' }),
        Type.Literal(0, { description: 'Maintenance begins now: users see a notice they cannot close, and their pages reload 60 s later' }),
        Type.Integer({ minimum: 1, maximum: 7 * 24 * 3600, description: 'Seconds until maintenance begins: a countdown, in seconds for the last minute' }),
      ]),
    },
    result: MaintenanceStateSchema,
    access: needs('ADMINISTRATIVE', 'Execute'),
    extension: true,
  }),
  SendMessage: method({
    summary: "Show a message to the signed-in users within the caller's reach, or only to the users listed.",
    params: {
      text: Type.String({ minLength: 1, maxLength: 2000, pattern: '\\S', examples: ['The portal restarts at 18:00.'], description: 'Not blank' }),
      userAccountIds: Opt(Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 1000, uniqueItems: true })),
    },
    result: Type.Null(),
    access: needs('ADMINISTRATIVE', 'Execute', 'userAccountIds'),
    extension: true,
  }),
};
