-- Issue 34: with four-eyes review on, a rollback may serve only a version that was served before
-- (or the shipped file, 0): each version remembers when it was first served.
ALTER TABLE definition_versions ADD COLUMN first_served_at timestamptz;

-- Versions served so far: the ones an audited publish or rollback made served, and the served ones.
UPDATE definition_versions v SET first_served_at = served.at
  FROM (SELECT details->>'kind' AS kind, details->>'name' AS name, (details->>'to')::integer AS version, min(created_at) AS at
          FROM audit_log
         WHERE action IN ('DefinitionPublished', 'DefinitionRolledBack') AND details->>'to' ~ '^[0-9]+$'
         GROUP BY 1, 2, 3) served
 WHERE v.kind = served.kind AND v.name = served.name AND v.version = served.version;
UPDATE definition_versions v SET first_served_at = coalesce(h.published_at, now())
  FROM definition_heads h
 WHERE v.first_served_at IS NULL AND v.kind = h.kind AND v.name = h.name AND v.version = h.published_version;
