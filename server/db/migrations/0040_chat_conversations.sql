-- Issue 38: the chat assistant's conversations, spoken over Direct Line (server/services/chat/).
-- A conversation is kept only while it is used: the chat retention job deletes it, with its
-- activities, an hour after its last activity. Tokens are signed and checked, not stored, so the
-- table of hashed chat tokens goes.
DROP TABLE IF EXISTS chat_bot_tokens;

CREATE TABLE chat_conversations (
  id text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(account_id) ON DELETE CASCADE,
  -- The language the help bot answers in when an activity names none (the user's language).
  language text NOT NULL,
  -- bot: the help bot answers; waiting: the user asked for a person; live: a person answers.
  state text NOT NULL DEFAULT 'bot' CHECK (state IN ('bot', 'waiting', 'live')),
  agent_id bigint REFERENCES users(account_id) ON DELETE SET NULL,
  waiting_since timestamptz,
  -- The sequence number of the last activity: the Direct Line watermark.
  last_seq integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_activity_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_conversations_queue_idx ON chat_conversations (waiting_since) WHERE state <> 'bot';
CREATE INDEX chat_conversations_idle_idx ON chat_conversations (last_activity_at);
CREATE INDEX chat_conversations_user_idx ON chat_conversations (user_id);

CREATE TABLE chat_activities (
  conversation_id text NOT NULL REFERENCES chat_conversations(id) ON DELETE CASCADE,
  seq integer NOT NULL,
  activity jsonb NOT NULL,
  PRIMARY KEY (conversation_id, seq)
);

-- Who answers handed-over conversations: a capability of its own, given to the platform administrators' set.
UPDATE capability_sets SET capabilities = capabilities || '[{"ObjectType":"SUPPORT_CONSOLE","Read":true,"Execute":true,"Create":true,"Delete":true}]'::jsonb
 WHERE name = 'Full administration' AND NOT capabilities @> '[{"ObjectType":"SUPPORT_CONSOLE"}]'::jsonb;
