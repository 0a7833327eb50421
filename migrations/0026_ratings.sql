-- zaochka schema: rating lists (docs/ratings.md).
--
-- A game counts for its variant's rating list unless it or its tournament
-- is set unrated: `rated` is 1 (the default) or 0 on both tables.
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 1 CHECK (rated IN (0, 1));
ALTER TABLE tournaments ADD COLUMN rated INTEGER NOT NULL DEFAULT 1 CHECK (rated IN (0, 1));

-- The model each variant's list is computed under ('elo' or 'glicko2');
-- a variant without a row uses 'elo'. The list itself is recomputed from the
-- games whenever it is read.
CREATE TABLE rating_lists (
    variant      TEXT    PRIMARY KEY CHECK (length(variant) > 0),
    model        TEXT    NOT NULL CHECK (model IN ('elo', 'glicko2')),
    -- When `rating recompute` last set the model (UTC).
    recomputed_at TEXT   NOT NULL
) STRICT;
