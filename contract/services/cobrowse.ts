/**
 * Co-browsing (extension, issue 38): a user shares the page they see with a support person. The user
 * starts a session (after consenting) and reads a 6-digit code to the support person, who joins with it
 * (SUPPORT_CONSOLE Execute, within reach of the user). The user's browser records the page with rrweb,
 * masking passwords, MFA codes, IBANs and every sensitive layout field before anything leaves it, and
 * relays the events in batches; the server hands them to the support person's live connection (every
 * instance) and keeps nothing. Either side stops. Start, join and end are audited.
 */
import { Type } from '@sinclair/typebox';
import { method, needs, SignedIn } from '../define';

/** The code is single use and valid this long for joining. */
export const COBROWSE_CODE_TTL_MS = 10 * 60_000;
/** A joined session left without Stop (both tabs closed) is forgotten after this long. */
export const COBROWSE_MAX_SESSION_MS = 4 * 60 * 60_000;
/** Wrong codes an agent may try within the window before joining is locked for the window. */
export const COBROWSE_MAX_WRONG_CODES = 5;
export const COBROWSE_LOCK_WINDOW_MS = 15 * 60_000;
/** One recorded event, as JSON characters (a full snapshot of a large page fits). */
export const COBROWSE_MAX_EVENT_CHARS = 600 * 1024;
/** One relayed batch, as JSON characters (below the 1 MB body limit with its escaping). */
export const COBROWSE_MAX_BATCH_CHARS = 700 * 1024;
export const COBROWSE_MAX_BATCH_EVENTS = 2000;

const SessionId = Type.String({ pattern: '^[A-Za-z0-9_-]{22}$', examples: ['Q29icm93c2VTZXNzaW9uMQ'], description: 'A co-browse session id' });

export const Cobrowse = {
  StartCobrowse: method({
    summary: 'Starts sharing the caller’s page with support (after the user consented): answers the 6-digit code a support person joins with. Refused while impersonating.',
    result: Type.Object({ SessionId: Type.String(), Code: Type.String(), ExpiresAt: Type.String() }),
    access: SignedIn,
    extension: true,
  }),
  JoinCobrowse: method({
    summary: 'Joins the co-browse session of a code (single use, expires) whose user is within the caller’s reach; wrong codes are counted and lock joining after five.',
    params: { Code: Type.String({ pattern: '^[0-9]{6}$', examples: ['482913'], description: 'The 6-digit code the user reads out' }) },
    result: Type.Object({ SessionId: Type.String(), UserAccountId: Type.Integer(), UserName: Type.String() }),
    access: needs('SUPPORT_CONSOLE', 'Execute'),
    refusals: [404, 409],
    extension: true,
  }),
  RelayCobrowseEvents: method({
    summary: 'Hands a batch of the user’s recorded page events (a JSON array of rrweb events, masked at the source) to the support person who joined; nothing is stored.',
    params: {
      SessionId,
      // The handler measures the batch (a clear message); the schema bounds it at the body limit.
      Events: Type.String({ maxLength: 1024 * 1024, description: 'A JSON array of rrweb events ({ type, data, timestamp })' }),
    },
    result: Type.Object({}),
    access: SignedIn,
    refusals: [404, 409],
    extension: true,
  }),
  StopCobrowse: method({
    summary: 'Ends a co-browse session; the user or the support person who joined may.',
    params: { SessionId },
    result: Type.Object({}),
    access: SignedIn,
    refusals: [404],
    extension: true,
  }),
};
