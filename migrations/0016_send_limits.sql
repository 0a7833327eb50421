-- Issue 16, sending in parallel and politely.
-- The head of each (game, recipient) chain of pending replies is found by this
-- index (a reply waits while an earlier one to the same player about the same
-- game is pending), and the provider caps count the rows sent in the last
-- minute or day from sent_at.
CREATE INDEX outbox_pending_chain ON outbox (to_address, game_id, id) WHERE status = 'pending';
CREATE INDEX outbox_sent_at ON outbox (sent_at) WHERE sent_at IS NOT NULL;
