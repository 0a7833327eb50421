-- zaochka schema: the Message-ID of the director's mail an audit entry came
-- from (issue 15, item 4: director commands by mail). NULL for an action taken
-- on the command line or by the system. Kept as the mail's header wrote it,
-- without the angle brackets, as processed_messages.message_id.
-- Conventions as in 0001_initial.sql.
ALTER TABLE audit_log ADD COLUMN message_id TEXT;

CREATE INDEX audit_log_message ON audit_log (message_id) WHERE message_id IS NOT NULL;
