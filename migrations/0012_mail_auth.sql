-- Authenticated-mail verdicts of each processed message (issue 15, item 5):
-- what DKIM, SPF, DMARC and ARC said, stored beside the token check.
CREATE TABLE mail_auth (
    message      INTEGER PRIMARY KEY REFERENCES processed_messages (id) ON DELETE CASCADE,
    -- Summary words (RFC 8601): pass, fail, softfail, neutral, none, temperror, permerror.
    dkim         TEXT    NOT NULL,
    spf          TEXT    NOT NULL,
    dmarc        TEXT    NOT NULL,
    -- The From domain's DMARC policy: none, quarantine, reject, unspecified.
    dmarc_policy TEXT    NOT NULL,
    arc          TEXT    NOT NULL,
    -- 1 when the mail failed a refusing DMARC policy and was applied anyway
    -- (dmarc-reject-refuses-moves = false, a verified sender).
    flagged      INTEGER NOT NULL DEFAULT 0 CHECK (flagged IN (0, 1)),
    -- The full verdicts (every DKIM signature, SPF client and HELO), JSON.
    detail       TEXT    NOT NULL
) STRICT;
