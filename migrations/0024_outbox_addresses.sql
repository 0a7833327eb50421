-- zaochka schema: an outbox row holds the addresses its mail comes from and
-- is answered at, decided when the row is written (in the transaction of
-- the change it reports), so that sending it reads nothing else.

-- `from_address`: the address in the mail's From (the reader's reply
-- address of the game, else the reader's personal address, else the bot's
-- own); `reply_to`: the address in its Reply-To (the same reply or personal
-- address), NULL for none. A row written before this migration has both
-- NULL; `zaochka serve` fills a pending one at start, as it would have been
-- written.
ALTER TABLE outbox ADD COLUMN from_address TEXT;
ALTER TABLE outbox ADD COLUMN reply_to TEXT;

-- The pending rows still without their addresses: only rows of an earlier
-- version, none once `zaochka serve` has started.
CREATE INDEX outbox_unaddressed ON outbox (id)
    WHERE status = 'pending' AND from_address IS NULL;
