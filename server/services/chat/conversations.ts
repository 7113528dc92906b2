/**
 * The chat conversations and their activities in the database (migration 0040). Each activity gets
 * the next number of its conversation under the conversation row's lock: the number is the Direct
 * Line watermark, the same on every instance.
 */
import type { ChatActivity, ChatActivitySet, ChatConversationState } from '../../../contract/chat';
import type { Db, Queryable } from '../../db/db';

export interface ConversationRow {
  id: string;
  user_id: number;
  language: string;
  state: ChatConversationState;
  agent_id: number | null;
  last_seq: number;
}

/** An activity before it is stored: the store gives it its id, time and conversation. */
export type NewActivity = Omit<ChatActivity, 'id' | 'timestamp' | 'conversation'>;

/** A conversation is deleted this long after its last activity (the chat retention job). */
export const CONVERSATION_IDLE_MINUTES = 60;
/** GET …/activities answers at most this many at once; the watermark fetches the rest. */
const PAGE = 200;

const COLUMNS = 'id, user_id, language, state, agent_id, last_seq';

export const findConversation = (db: Queryable, id: string) => db.one<ConversationRow>(`SELECT ${COLUMNS} FROM chat_conversations WHERE id = $1`, [id]);

/** Starts the conversation of a token, or finds it (a token reused within its hour resumes it). */
export async function openConversation(db: Queryable, id: string, userId: number, language: string): Promise<{ row: ConversationRow; created: boolean }> {
  const created = await db.one<ConversationRow>(
    `INSERT INTO chat_conversations (id, user_id, language) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING RETURNING ${COLUMNS}`,
    [id, userId, language],
  );
  if (created) return { row: created, created: true };
  const row = await findConversation(db, id);
  if (!row) throw new Error('chat conversation vanished while opening it');
  return { row, created: false };
}

export const activityId = (conversationId: string, seq: number) => `${conversationId}|${String(seq).padStart(7, '0')}`;

/** Stores activities in order inside `tx` (which must hold the conversation row: `lockConversation`). */
export async function appendActivities(tx: Queryable, conversationId: string, activities: readonly NewActivity[]): Promise<ChatActivity[]> {
  if (activities.length === 0) return [];
  const row = await tx.one<{ last_seq: number; now: string }>(
    `UPDATE chat_conversations SET last_seq = last_seq + $2, last_activity_at = now() WHERE id = $1 RETURNING last_seq, now()::text AS now`,
    [conversationId, activities.length],
  );
  if (!row) throw new Error('chat conversation gone');
  const first = row.last_seq - activities.length + 1;
  const timestamp = new Date(row.now).toISOString();
  const stored = activities.map((activity, index): ChatActivity => ({ ...activity, id: activityId(conversationId, first + index), timestamp, conversation: { id: conversationId } }));
  await tx.query(
    `INSERT INTO chat_activities (conversation_id, seq, activity)
     SELECT $1, seq, activity FROM unnest($2::int[], $3::jsonb[]) AS t(seq, activity)`,
    [conversationId, stored.map((_, index) => first + index), stored.map((activity) => JSON.stringify(activity))],
  );
  return stored;
}

/** Locks the conversation row for a change of state and activities; undefined when it is gone. */
export const lockConversation = (tx: Queryable, id: string) => tx.one<ConversationRow>(`SELECT ${COLUMNS} FROM chat_conversations WHERE id = $1 FOR UPDATE`, [id]);

/** Appends in a transaction of its own. */
export const addActivities = (db: Db, conversationId: string, activities: readonly NewActivity[]) =>
  db.transaction(async (tx) => ((await lockConversation(tx, conversationId)) ? appendActivities(tx, conversationId, activities) : []));

/** The activities after `watermark` (all of them without one), and the new watermark. */
export async function activitiesAfter(db: Queryable, conversationId: string, watermark: number): Promise<ChatActivitySet> {
  const rows = await db.query<{ seq: number; activity: ChatActivity }>(
    'SELECT seq, activity FROM chat_activities WHERE conversation_id = $1 AND seq > $2 ORDER BY seq LIMIT $3',
    [conversationId, watermark, PAGE],
  );
  const last = rows.at(-1)?.seq ?? watermark;
  return { activities: rows.map((row) => row.activity), watermark: String(last) };
}

/** A watermark as the client sends it: a non-negative integer, else from the start. */
export function parseWatermark(value: unknown): number {
  const number = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : 0;
  return Number.isSafeInteger(number) ? number : 0;
}

/** The chat retention job's step: conversations idle for an hour go, with their activities. */
export async function deleteIdleConversations(db: Queryable): Promise<number> {
  const rows = await db.query(`DELETE FROM chat_conversations WHERE last_activity_at < now() - make_interval(mins => $1) RETURNING id`, [CONVERSATION_IDLE_MINUTES]);
  return rows.length;
}
