# The English catalog: one message per sentence the program writes, the same
# ids and variables as ru.ftl. How to add a language: docs/languages.md.
# Variables named after counts ($days, $moves, $n ...) are numbers and select
# plural forms; the others are text inserted as it is.

## Clock: a time control in words (src/words/clock.rs)

clock-days-per-move = { $days ->
    [one] { $days } day
   *[other] { $days } days
  } per move
clock-moves-in-days = { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
  } in { $days ->
    [one] { $days } day
   *[other] { $days } days
  }
clock-fischer = Fischer: { $base ->
    [one] { $base } day
   *[other] { $base } days
  } + { $increment ->
    [one] { $increment } day
   *[other] { $increment } days
  } per move
clock-fischer-capped = Fischer: { $base ->
    [one] { $base } day
   *[other] { $base } days
  } + { $increment ->
    [one] { $increment } day
   *[other] { $increment } days
  } per move, at most { $cap ->
    [one] { $cap } day
   *[other] { $cap } days
  }
# $control is one of the messages above, $rules the counting rules below
# joined by "; ".
clock-with-counting = { $control } ({ $rules })
clock-counting-whole-days = whole days, a reply within 24 hours costs no day
clock-counting-double-after = days beyond { $days } on one move count double
# A duration rounded down to the hour; $sign is "-" or empty.
clock-days-hours = { $sign }{ $days } d { $hours } h

## Clock: why a time control was refused

clock-field-days-per-move = days per move
clock-field-days-per-period = days per period
clock-field-base-days = base days
clock-field-increment-days = increment days
clock-field-cap-days = cap days
clock-field-double-after-days = double after days
clock-hint-general = expected e.g. `3d/move`, `10/50`, `10/50 iccf` or `fischer 30+3 cap 60`
clock-hint-fischer = expected `fischer BASE+INCREMENT` in days, optionally `cap DAYS`
clock-hint-double-after = expected a number after `double-after`
clock-control-zero-days = a time control needs at least one day: { $field } is 0
clock-control-too-many-days = { $field } is { $days }, more than the { $max } allowed
clock-control-zero-moves = a time control needs at least one move per period, not 0
clock-control-too-many-moves = { $moves } moves per period is more than the { $max } allowed
clock-control-cap-below-base = the cap of { $cap } days is below the base of { $base } days
clock-control-zero-double-after = days may count double only after at least one day, not after 0
# $text is the control as given, quoted; $reason what the reader expected.
clock-control-syntax = cannot read time control { $text }: { $reason }
clock-control-json = the JSON is not a time control in its JSON form ({ $error })

## Clock: why a leave was refused

clock-leave-syntax = cannot read the leave request { $text }: write e.g. `leave 2026-12-20 2027-01-03` or `leave 2026-12-20 14`
clock-leave-bad-date = { $text } is not a date: write YYYY-MM-DD, e.g. 2026-12-20
clock-leave-end-before-start = the leave ends on { $last } before it starts on { $first }
clock-leave-not-positive = a leave must be at least one day, not { $days }
clock-leave-in-past = the leave starts on { $first }, in the past: today is { $today }
clock-leave-overlaps = the leave overlaps your leave from { $first } to { $last }
clock-leave-beyond-allowance = the leave needs { $requested } days of { $year }, but only { $left } of the { $allowance } days of { $year } are left ({ $taken } taken)
clock-leave-on-leave = you are on leave until { $last } inclusive: moves are not accepted during leave
clock-zone-unknown = unknown time zone { $zone }: expected an IANA name such as Europe/Moscow

## Setup: why a start position was refused (src/words/setup.rs)

# $fen is the FEN as given, quoted; $rule one of the field rules below.
setup-fen-unreadable = cannot read the chess FEN { $fen }: { $rule }
# $why is one of the setup-illegal- messages below.
setup-fen-illegal = the chess FEN { $fen } is no legal position: { $why }
setup-field-board = its board (the first field) must be eight ranks of pieces (KQRBNP for White, kqrbnp for Black) and digits for empty squares, separated by /
setup-field-turn = the side to move (the second field) must be w or b
setup-field-castling = the castling field (the third) must be - or some of the letters KQkq
setup-field-en-passant = the en passant field (the fourth) must be - or a square on rank 3 or 6
setup-field-halfmove-clock = the halfmove clock (the fifth field) must be a number
setup-field-fullmoves = the move number (the sixth field) must be a number from 1
setup-field-fields = it must be a board, the side to move, castling, en passant and the two counters
setup-illegal-empty-board = the board is empty
# $side is a side's name with a capital (White, Black).
setup-illegal-no-king = { $side } has no king
setup-illegal-kings = { $side } has { $kings } kings
setup-illegal-pawn-on-back-rank = a pawn stands on { $square }, on the first or last rank
# $other is the side to move.
setup-illegal-resting-in-check = { $side }'s king on { $square } is in check, though it is { $other }'s move
setup-illegal-impossible-check = the king on { $square } is in a check that no legal move can have given
setup-illegal-en-passant = the en passant square { $square } does not follow a pawn's double step
setup-illegal-en-passant-unnamed = the en passant square does not follow a pawn's double step
setup-illegal-castling-rights = castling rights are given for a king or rook that is not on its initial square
setup-illegal-too-much-material = a side has more pieces than a game can give it
setup-illegal-not-legal = the pieces form no legal position

## Diagram: the words on a board (src/words/diagram.rs)

diagram-white-to-move = White to move
diagram-black-to-move = Black to move
diagram-last-move = Last move
diagram-marks = [ ] its squares, ( ) captured
diagram-kings = Kings
diagram-towers = Towers, top to bottom
diagram-white = white
diagram-black = black

## Rulebooks as they are cited (src/words/rulebook.rs)

rulebook-russian-draughts = Russian Draughts Rules (2010)
rulebook-column-checkers = Column Checkers Code
rulebook-fide-laws = FIDE Laws of Chess
rulebook-fmjd-rules = FMJD Rules
rulebook-lasker-lasca = Lasker's Lasca rules (1911)
# A clause of a draughts code; $book is one of the names above.
rulebook-cite-section = { $book }, §{ $clause }
# An article of the FIDE Laws or the FMJD rules.
rulebook-cite-article = { $book }, art. { $clause }

## A tournament's settings, one line each (src/words/tournament_settings.rs)

settings-system-round-robin = round robin
settings-system-double-round-robin = double round robin
settings-system-micro-match = micro-matches
settings-time-control = Time control: { $value }
settings-time-control-none = Time control: none
settings-leave = Leave a year: { $duration }
settings-draw-offers-any-time = Draw offers: at any time
settings-draw-offers-from = Draw offers: from move { $move }
settings-timeout-lose = At a deadline: the game is lost on time
settings-timeout-report = At a deadline: the director is told and decides
# $list is the tie-breaks' long names joined by ", ".
settings-tie-breaks = Tie-breaks: { $list }
settings-scoring-classic = Scoring: win 1, draw ½, loss 0
settings-scoring-fmjd = Scoring: win 2, draw 1, loss 0
settings-withdrawals-fide = Withdrawals: FIDE Tournament Rules
settings-withdrawals-lss = Withdrawals: LSS rules
settings-withdrawals-fmjd = Withdrawals: FMJD rules
settings-period = Playing period: { $duration }
settings-period-unlimited = Playing period: no limit
settings-claims = Claims after the period: { $duration }
settings-ballot-table-match = Ballot: table { $name }, one opening a match
settings-ballot-table-round = Ballot: table { $name }, one opening a round
settings-ballot-own-match = Ballot: the director's list { $name }, one opening a match
settings-ballot-own-round = Ballot: the director's list { $name }, one opening a round

## Why a move was refused (src/words/moves/refusals.rs)

# Joins alternatives: "e3 or g3".
list-or = {" or "}
move-unreadable = cannot read the move: { $why }
move-unreadable-empty = it is empty
move-unreadable-stray-characters = it holds characters that are not squares or move signs
move-unreadable-no-start = it does not start with a square or a file
move-unreadable-two-signs = two move signs in a row
move-unreadable-bare-file = a file letter without a rank inside the move
move-unreadable-ends-with-sign = it ends with a move sign
move-unreadable-no-destination = it names no destination square
move-square-not-playing = { $square } is not a playing square
move-square-off-board = { $square } is not on the board
move-square-no-such-number = there is no square { $number } on this board
# $family is "draughts" or "towers" (column checkers).
move-no-piece-of-yours = there is no { $family ->
    [towers] tower
   *[draughts] piece
  } of yours on { $square }
# $captures are the compulsory captures joined by list-or.
move-capture-compulsory = capture is compulsory: { $captures }
move-capture-continues = the capture does not stop on { $stop }: it continues to { $squares }
# $piece is "man", "king", "tower" or "tower-king" (a tower led by a king).
move-cannot-move-there = the { $piece ->
    [tower-king] tower led by a king
    [tower] tower
    [king] king
   *[man] man
  } on { $from } cannot move to { $to }
move-cannot-capture-there = written with a capture sign, but the { $piece ->
    [tower-king] tower led by a king
    [tower] tower
    [king] king
   *[man] man
  } on { $from } can neither capture nor move to { $to }
move-no-piece-on-file = no { $family ->
    [towers] tower
   *[draughts] piece
  } of yours on the { $file }-file can move to { $to }
move-nothing-reaches = no { $family ->
    [towers] tower
   *[draughts] piece
  } of yours can move to { $to }
move-capture-ends-earlier = the capture ends on { $ends }: it cannot go on to { $to }
move-mark-without-promotion = { $played } does not promote, yet a promotion mark is written with it
move-no-legal-moves = there is no legal move: the game is over
# $moves are the moves the text may mean, joined by ", ".
move-ambiguous = the move is ambiguous; write one of: { $moves }

## The outbox's troubles, for the referees (src/words/outbox.rs)

outbox-stage-connect = at the greeting
outbox-stage-ehlo = at EHLO/STARTTLS
outbox-stage-auth = at AUTH (the login)
outbox-stage-mail-from = at MAIL FROM (the sender)
outbox-stage-rcpt-all = at RCPT TO, for every recipient
outbox-stage-data = at DATA (the message)
outbox-relay-recovered-subject = the mail relay refused mail for a while
outbox-relay-recovered-line = the mail relay refused mail from { $since } to { $until }
# $stage is one of the outbox-stage- phrases, $reply the relay's last answer.
outbox-relay-recovered-body = From { $since } to { $until } the SMTP server zaochka sends through refused mail { $stage }, whoever it was for ({ $refusals } refused attempts). Its last answer:
    {"  "}{ $reply }

    No reply was given up: they waited in the outbox and went out once the server took mail again; the clocks did not run for the players whose move notices waited. If this happens again, check the [outbox] settings (login, password, the relay's permissions for the bot's address).
outbox-failed-subject = a reply to { $to } could not be sent
outbox-failed-line = reply { $row } to { $to } failed for good
outbox-failed-why-unbuildable = the message could not be built
outbox-failed-why-attempts-used-up = every attempt failed with a temporary error until the attempts ran out
outbox-failed-why-recipient-refused = the mail server refused this recipient for good
# $why is one of the outbox-failed-why- phrases, $detail the transport's last error.
outbox-failed-body = The reply { $row } to { $to } was not sent: { $why }. The last error:
    {"  "}{ $detail }

    `zaochka outbox list --failed` lists such replies; once the cause is fixed, `zaochka outbox retry { $row }` sends it again.
outbox-failed-body-game = The reply { $row } about game #{ $game } to { $to } was not sent: { $why }. The last error:
    {"  "}{ $detail }

    `zaochka outbox list --failed` lists such replies; once the cause is fixed, `zaochka outbox retry { $row }` sends it again.

## A clock stopped by a bounced move notice; the timing of a move (src/words/pauses.rs)

# $name is the player's name, $since a UTC time, $address the registered address.
pauses-stopped-subject = game #{ $game }: the clock of { $name } is stopped
pauses-stopped-line = Game #{ $game }: the clock of { $name } is stopped since { $since }, because the notice of the move could not be delivered.
pauses-stopped-body = In game #{ $game } the clock of { $name } is stopped since { $since }: the notice of the move, sent to { $address }, came back undeliverable.

    The clock of { $name } in game #{ $game } stands until the player mails the bot from the registered address with the game's token, or a director ends the pause:
    {"  "}zaochka referee bounce-clear { $game } { $address } --reason "..."
    (after `zaochka player edit` with a working address, `zaochka game resend { $game }` sends the notice again).
pauses-stopped-since = The clock of { $name } is stopped since { $since }: the notice of the move could not be delivered.
pauses-stood = The clock of { $name } stood from { $since } to { $until }: a notice of the move could not be delivered.
# The parts of a move reply's timing line, joined by "; "; $time is a duration below.
timing-reflection-charged = reflection time: { $time } (charged)
timing-reflection-part-charged = reflection time: { $time } ({ $charged } charged)
timing-transit = time in transit: { $time } (not charged)
timing-stood = clock stopped: { $time } (not charged)
timing-waited = your mail waited at the bot: { $time } (not charged)
duration-minutes = { $minutes } min
duration-hours-minutes = { $hours } h { $minutes } min

## The tournament site (src/words/site.rs)

site-crosstable = Crosstable
site-crosstable-text = The crosstable as text
site-games = Games
site-game = Game
site-white = White
site-black = Black
site-result = Result
site-in-progress = in progress
site-ballot = Ballot
site-score = Score
site-start-position = Start position
site-previous = Previous
site-next = Next
site-last-position = Last position
site-back-to-game = Back to the game
site-back-to-tournament = Back to the tournament
site-round = Round { $round }
# White first; $label is the game's label in the tournament (3-7).
site-game-title = Game { $label }: { $white } – { $black }
site-download-pdn = Download PDN
site-download-pgn = Download PGN
# $number is the move number as scores write it (12. or 12...).
site-after-ply = Position after { $number } { $move }

## The referees' alerts (src/words/alerts.rs)

# $what is one of the alert subjects below.
alert-subject = [zaochka] { $what }
alert-undeliverable-subject = mail to { $address } cannot be delivered
alert-quarantined-subject = a mail was put in quarantine
alert-skipped-subject = an inbox entry was skipped
alert-fault-subject = mail processing is held up
alert-dmarc-subject = a mail from { $sender } failed DMARC
alert-clock-stepped-subject = the system clock jumped forward: time-outs are held
alert-auth-unsettled-subject = a mail could not be authenticated and was not applied
# Times are written 2026-12-01 10:07 UTC; $key is an inbox key.
alert-undeliverable-line = mail to { $address } cannot be delivered (since { $since })
alert-quarantined-line = mail { $key } was put in quarantine
# $why is one of the alert-skip- phrases.
alert-skipped-line = { $entry }: { $why }
alert-fault-line = mail processing held up since { $since }
alert-dmarc-line = mail { $key } from { $sender } failed DMARC and was applied
alert-clock-stepped-line = the clock jumped from { $from } to { $to }: time-outs held
alert-auth-unsettled-line = mail { $key } could not be authenticated (DNS) and was not applied
alert-skip-directory = it is a directory
alert-skip-symlink = it is a symbolic link
alert-skip-fifo = it is a named pipe
alert-skip-socket = it is a socket
alert-skip-device = it is a device file
alert-skip-unreadable = it cannot be read
alert-skip-unmovable = it cannot be moved out of new/
# Put after "the mail" in a body, with their leading space, or left out.
alert-about-game = {" "}about game #{ $game }
alert-from-sender = {" "}from { $sender }
alert-server-named = The mail server { $server }
alert-server-unknown = The receiving mail server
# $about is alert-about-game or empty; $server one of the two above.
alert-undeliverable-body = A mail{ $about } that zaochka sent to { $address } could not be delivered. { $server } reported a permanent failure.

    The address is marked unreachable since { $since }. Further failures of this address are not reported again. Once the address works again (or the player has a new one), clear the mark so that mail and alerts go to it again.
# $from is alert-from-sender or empty.
alert-quarantined-body = The mail { $key }{ $from } stopped the daemon while it was processed, { $attempts } times. It was put in quarantine and nothing of it was applied; the mail after it is processed as usual.

    Look at it, and release it once the cause is fixed.
alert-skipped-body = The inbox entry { $entry } is not processed: { $why }. The other mail is processed as usual.

    Remove or move it by hand.
alert-fault-body = Since { $since } the daemon cannot process mail because of a fault outside the mail (the database is locked, the disk is full, or the like). The waiting mail is kept and applied once the fault ends.

    The last error: { $detail }
# $policy is "quarantine" or "reject", the domain's DMARC policy.
alert-dmarc-body = The mail { $key }{ $about } from { $sender } carried the player's valid token and was applied, but it failed DMARC: the domain { $domain } asks that such mail be { $policy ->
        [quarantine] quarantined
       *[reject] rejected
    }. The From address may have been forged by someone who also knows the token.

    `zaochka referee log --mail` shows its DKIM, SPF and DMARC verdicts. If the player did not send it, roll the game back and give the player a new token; set `dmarc-reject-refuses-moves = true` under [authentication] to refuse such mail.
alert-clock-stepped-body = The system clock jumped forward between two clock ticks: from { $from } to { $to }. Until you decide, no game is lost on time; moves and the rest of the mail go on (reminders wait too).

    If the new time is right and the players should be charged for it, run `zaochka clock confirm-step`: the clocks then run on the new time. If the span should not be charged (the clock was wrong before, or it was wrong and has been set right), run `zaochka clock cancel-step`: every running clock starts that much later, so the jump makes nobody lose on time.
alert-auth-unsettled-body = The mail { $key }{ $about }{ $from } could not be authenticated: its DKIM, SPF or DMARC checks ended in a temporary error (DNS did not answer) again and again for { $minutes } minutes. As `dmarc-reject-refuses-moves = true` asks, it was recorded as refused and nothing of it was applied.

    `zaochka referee log --mail` shows its verdicts. If the player did send it, ask for the move again once DNS answers, or play it for the player from the command line.
# The list of alerts held back by the hourly limit, after the alert's body.
alert-held = { $count } earlier alerts were held because of the limit of { $limit } alert mails per hour:
alert-held-unknown = an alert of another zaochka version
alert-held-more = and { $count } more
alert-signature = zaochka (an automatic message to the referees)

## A tournament director's commands by mail (src/words/director_mail.rs)

director-line-result = the result is missing or not one (1-0, 0-1, 1/2, draw, white won)
director-line-side = the side is missing or not one (white, black)
director-line-rollback = say how far back: a number of plies (rollback #15 24 or ply 24), or a move (move 12, move 12... for Black's)
director-line-days = the number of days is missing or zero
director-line-dates = a leave needs the player's address and two dates, the first and the last day (2026-12-20 2027-01-05)
director-line-extra = the line holds words that belong to no part of the command
director-no-reason = every command needs its reason on the next line (reason: ...), which goes to the audit log
director-not-quarantined = no quarantined mail has the key { $key }
# $at is the instant in the director's time zone.
director-already-done = already done at { $at }; to do it once more, write "again" after the command
# $event is what the director did, as the players read it.
director-done-game = game #{ $game }: { $event } Both players were told.
# Dates are written 2026-12-20.
director-done-leave = leave entered for { $player } from { $from } to { $to }; the player and their opponents were told.
# $ruling is director-claim-accepted or director-claim-rejected.
director-done-claim = { $ruling } Both players were told.
director-done-released = the quarantined mail { $key } is back in the inbox and will be read again.
director-report = Your commands as tournament director:
# $line is the command as written; $what a director-done- message.
director-item-done = "{ $line }": done: { $what }
# $why is a refusal above or the referee's.
director-item-refused = "{ $line }": not done: { $why }.
director-only-director = Only the tournament director may adjudicate, roll back, forfeit, add days, pause, resume, enter leave, rule on claims or release mail. Nothing in your mail was done.
# $side is the claimant's side; the adjudication that follows says the result.
director-claim-accepted = The tournament director accepts the claim of { $side } for game #{ $game }.
# $result is the result claimed, with its score.
director-claim-rejected = The tournament director rejects the claim of { $side } for game #{ $game } ({ $result }); the director will adjudicate the game.

## The bot's answers about mail (src/words/mail.rs)

mail-personal-subject = [zaochka] { $name }: your games
mail-limit-mime-depth = its parts are nested too deep (levels)
mail-limit-mime-parts = it has too many parts and attachments
mail-limit-headers = it has too many header lines
mail-limit-header-bytes = a header field is too long (bytes)
mail-limit-text-bytes = it holds too much text (bytes)
mail-limit-line-bytes = a line of its text is too long (bytes)
mail-limit-words-per-line = a line of its text has too many words
mail-games-none = You have no game in progress.
mail-games-heading = Your games in progress:
# One game of the list; $side is "white" or "black", $standing a mail-standing- phrase.
mail-games-entry = {"  "}#{ $game } { $title }: you play { $side ->
        [black] Black
       *[white] White
    }; { $standing }.
    {"    "}Write your moves for it to { $address }
mail-standing-your-move = your move
mail-standing-opponents-move = your opponent's move
mail-standing-stopped = stopped, no move is due
# Why words were not taken as an act or a move, after the quoted words.
mail-doubt-question = this is a question
mail-doubt-negation = this says no to it
mail-doubt-condition = this is said on a condition ("if", "would")
mail-doubt-reported = these are someone else's words or a report of them
mail-doubt-quoted = this is a quotation
mail-doubt-joke = this is said as a joke
mail-doubt-hedge = this is an opinion
mail-doubt-elsewhere = this is about the past or another game
mail-doubt-mention = this only talks about it
mail-doubt-contradiction = the rest of your mail says otherwise
# What was not done, and how to do it.
mail-not-done-offer = no draw was offered. If you offer a draw, write "I offer a draw".
mail-not-done-accept = no draw was accepted. If you accept the draw, write "I accept the draw".
mail-not-done-decline = the draw offer was not declined. If you decline it, write "I decline the draw" or simply make your move.
mail-not-done-resign = the game was not resigned. If you resign, write "I resign" in a mail without a move.
mail-not-done-claim = no draw was claimed. If you claim a draw, write "I claim a draw".
mail-not-done-takeback = moves are not taken back: a move sent stands.
mail-not-done-offer-pending = your opponent's draw offer is still unanswered. To accept it, write "I accept the draw"; to decline it, write "I decline the draw" or simply make your move.
mail-not-done-no-offer = nothing was done: your opponent has no draw offer pending.
# A player entered after the draw of the numbers.
tournament-add-after-draw = the personal numbers of the tournament «{ $tournament }» are drawn already: a new entrant would void the draw. To enter the player and draw again on purpose, add --redraw, then run "tournament draw" again
# The tournament site: how a game ended, its final position, the downloads
# and the legend of the signs of its tables.
site-ending = How it ended
site-final-position = Final position
site-crosstable-csv = Download the crosstable (CSV)
site-download-event-pdn = Download all games (PDN)
site-download-event-pgn = Download all games (PGN)
site-legend = Signs: 1 ½ 0 (or 2 1 0) points won in the game; + − won, lost by forfeit (no game played; +/− in the list of games: White won by forfeit); · not played yet; ( ) not counted in the standings; * withdrew; × the player's own cell; ⏱ lost on time; ⚖ decided at adjudication; 3-4 a shared place.
# The crosstable's legend of the places taken over by a replacement: the sign
# and each place's number and former holder ("1 Petrov, 4 Smith").
tournament-legend-replaced = { $sign } played by the player who held the place before: { $players }
# A tournament's bulletin to its entrants (src/words/bulletin.rs).
bulletin-subject = [zaochka] { $tournament }: bulletin No. { $number }
bulletin-subject-final = [zaochka] { $tournament }: final bulletin
bulletin-heading = Tournament "{ $tournament }", bulletin No. { $number }.
bulletin-heading-final = Tournament "{ $tournament }", final bulletin (No. { $number }): every game is over, the table is final.
bulletin-finished-heading = Games finished since the last bulletin: { $n }.
bulletin-finished-first = Games finished so far: { $n }.
bulletin-finished-none = No game has finished since the last bulletin.
bulletin-game = {"  "}round { $round }, game { $label }: { $white } – { $black } { $result }, { $how }
bulletin-table = The crosstable:
bulletin-table-final = The final crosstable:
bulletin-record = Every game of the tournament is attached as one record, { $file }.
bulletin-opt-out = To receive no more bulletins, answer this mail with the words "no bulletins".
bulletin-off = You will receive no more tournament bulletins. To receive them again, write "bulletins".
bulletin-on = You will receive the tournament bulletins again. To stop them, write "no bulletins".

## Ratings: rating lists and their calculation (src/words/ratings.rs)

rating-model-elo = ICCF/IECG Elo
rating-model-glicko2 = Glicko-2
rating-status-provisional = provisional
rating-status-unfixed = unfixed
rating-status-fixed = fixed
rating-list-title = Rating list, { $variant }, { $model }, { $date }
rating-list-header = Place | Player | Rating | Games | Status
rating-list-header-glicko2 = Place | Player | Rating | Deviation | Games
rating-list-empty = No rated game of { $variant } has finished.
rating-show-title = { $player }: rating in { $variant }, { $model }
rating-show-period = Period from { $period }: { $before } → { $after } ({ $games ->
    [one] { $games } game
   *[other] { $games } games
  } before)
rating-show-header = Game | Opponent | Opponent's rating | Expected | Score | Change
rating-show-none = { $player } has no rated game of { $variant }.
rating-show-none-any = { $player } has no rated game.
rating-calc-performance = Performance over { $games ->
    [one] { $games } game
   *[other] { $games } games
  }: opponents' average { $average }, score { $percentage }, difference { $difference }, correction { $correction }: { $average } + { $difference } × { $correction } = { $rating }
rating-calc-weighted = Unfixed: ({ $old_games } × { $old_rating } + { $games } × { $performance }) / { $total } = { $rating }
rating-calc-fixed = Fixed: { $before } + { $k } × ({ $score } − { $expected }) = { $rating }
rating-calc-glicko2 = Deviation { $deviation_before } → { $deviation_after }, volatility { $volatility_before } → { $volatility_after }
rating-recomputed = { $variant }: the list is recomputed under { $model }: { $players ->
    [one] { $players } player
   *[other] { $players } players
  }, { $games ->
    [one] { $games } rated game
   *[other] { $games } rated games
  }.
# The end of a playing period: a claim after the claim term (src/words/tournament_events.rs).
tournament-claim-too-late = The claim term of game #{ $game } ended on { $due }: your claim came after it and is not recorded. The tournament director rules on the game and has been told of your claim.
tournament-late-claim = A late claim for game #{ $game }: { $player } claims "{ $result }" on { $at }, after the claim term ended on { $due }. It is not recorded; the game waits for your ruling (tournament adjudications, referee adjudicate).
# Why a game stands still, named for what it is (src/words/state.rs).
standstill-frozen = frozen at the end of the playing period, claims due
standstill-awaiting-ruling = awaiting the director's ruling (adjudication)
standstill-adjourned = adjourned
standstill-paused-by-referee = paused by the referee
# To a tournament's directors: adjudication (src/words/tournament_events.rs).
tournament-director-games-frozen = The playing period of { $tournament } is over: { $count ->
    [one] game { $games } is
   *[other] { $count } games ({ $games }) are
} not finished and went to adjudication. The players' claims are due by { $due }; matching claims end a game, the others wait for your ruling.
tournament-director-claims-disagree = Game #{ $game } waits for your ruling: the players' claims disagree. See them with their analyses (tournament adjudications), then rule (referee adjudicate, accept-claim or reject-claim), or reply to this mail with the command.
tournament-director-term-ended = Game #{ $game } waits for your ruling: the claim term ended with { $claims ->
    [0] no claim
    [one] one claim
   *[other] { $claims } claims
} in. See the position (tournament adjudications), then rule (referee adjudicate, accept-claim or reject-claim), or reply to this mail with the command.
tournament-director-finished = The tournament { $tournament } is finished: its last game has ended ({ $games ->
    [one] one game
   *[other] { $games } games
} in all). The final table: tournament crosstable { $quoted }.
# A director asks for a bulletin after the final one was sent.
bulletin-final-sent = the final bulletin of the tournament «{ $tournament }» (No. { $number }) was sent already: there is no next bulletin
# To a tournament's directors: time and silence warnings (src/words/tournament_events.rs).
tournament-director-time-warning = { $player } is { $days ->
    [one] one day
   *[other] { $days } days
} from losing on time in game #{ $game }: the deadline is { $deadline }.
tournament-director-silence = { $player } has not moved in game #{ $game } for { $days ->
    [one] one day
   *[other] { $days } days
} of clock time while it is their move; the deadline is { $deadline }.
tournament-director-withdrawal = { $player } has been withdrawn from { $tournament } ({ $reason }): { $games ->
    [0] no unfinished game was
    [one] one unfinished game was
   *[other] { $games } unfinished games were
} forfeited.
# A draughts or column-checkers FEN refused when a game is set up (src/words/setup.rs).
# $fen is the FEN as given, quoted; $why one of the setup-syntax- reasons.
setup-draughts-unreadable = cannot read the FEN { $fen }: { $why }
# $why is a move-square- reason.
setup-draughts-square = a square of the FEN: { $why }
# $why is a setup-composition- reason.
setup-draughts-tower = a tower of the FEN: { $why }
# $why is a setup-placement- reason.
setup-draughts-illegal = the FEN is no legal position: { $why }
setup-syntax-no-side-to-move = it must start with W or B, the side to move
# $list is W or B.
setup-syntax-list-twice = the { $list } list is given twice
setup-syntax-no-list = it has no W or B list
setup-syntax-not-draughts = { $variant } is not a game of the draughts family
setup-syntax-tower-in-draughts = { $item } is a tower, and { $variant } is not played with towers
setup-syntax-square-twice = { $square } is given twice
setup-syntax-not-a-range = { $item } is neither a square nor a range of square numbers
setup-syntax-range-backwards = the range { $first }-{ $last } runs backwards: write it { $last }-{ $first }
setup-syntax-unclosed = { $item }: a ( without its )
setup-syntax-king-over-man = { $item }: K marks a king but the tower's top is a man
setup-composition-no-owner-piece = the composition { $text } has no piece of the tower's owner on top
setup-composition-bad-character = the composition { $text } holds { $char }, which is not 0, 1 or /
setup-composition-two-slashes = the composition { $text } has more than one /
setup-composition-too-high = the composition { $text } has more than { $most } pieces
setup-placement-off-board = a square is off the board
setup-placement-both-sides = { $square } is in both the White and the Black list
setup-placement-empty-tower = the tower on { $square } has no piece
setup-placement-king-on-empty-square = a king is marked on { $square }, where there is no piece
setup-placement-man-on-promotion-rank = the { $side } man on { $square } stands on its promotion rank: it would be a king
setup-placement-too-many-pieces = { $side } has { $count } pieces, more than the { $most } a side starts with
setup-placement-not-towers = { $variant } is not a game of column checkers
# A record file's game that cannot be replayed, at the record checker's console (src/words/records.rs).
records-unsupported-game-type = game type { $game_type } is not supported
# $number is the move number with its dots (12. or 12...); $readings the records-numbering-reading texts joined by records-numbering-or.
records-ambiguous-numbering = ambiguous square numbering: the record replays whole in { $count } square numberings; move { $number } { $written } reads { $readings }
records-numbering-reading = { $move } (with { $numbering }, from { $fen })
records-numbering-top-left = square 1 at the top left (b8)
records-numbering-bottom-left = square 1 at the bottom left (a1)
records-numbering-or = or
# Move receipts (src/words/receipts.rs): the mover's confirmation, `zaochka verify`.
receipt-confirmation = Receipt of this move: { $hash } (attached: { $file }; anyone can check it with the server's public key).
receipt-verify-holds = Game { $game }: OK, { $plies ->
    [one] one ply
   *[other] { $plies } plies
}, each with its receipt signed by { $key }.
receipt-verify-start-fails = The record fails at its start: { $why }.
receipt-verify-fails = The record fails at ply { $ply }: { $why }.
receipt-verify-no-games = { $file } holds no game record.
receipt-verify-bad-key = The public key is neither base64 of 32 bytes nor a PEM public key.
receipt-fault-no-start = it carries no receipts (no ZaochkaStart tag)
receipt-fault-start-altered = its start position is not the one the receipts start from
receipt-fault-no-receipt = it has no receipt
receipt-fault-bad-signature = the receipt's signature does not hold for the server's key
receipt-fault-other-game = the receipt in its place is of another game (game { $game })
receipt-fault-reordered = the receipt in its place is of ply { $found }: plies out of order
receipt-fault-missing = the ply is missing (the receipt in its place is of ply { $found })
receipt-fault-broken-chain = the receipt does not follow the one before it
receipt-fault-altered-move = the move is not the one signed ({ $signed })
receipt-fault-altered-time = the time is not the one signed ({ $signed })
receipt-verify-holds-no-ply = Game { $game }: OK, no ply was played; signed by { $key }.
receipt-verify-sealed-end = Its signed end holds: { $result }, { $how }; the players and the result in its tags are the ones signed.
receipt-verify-sealed-end-bare = Its signed end holds: { $result }; the players and the result in its tags are the ones signed.
receipt-verify-sealed-head = Its signed export head holds: the game stood at these plies on { $at }, with the players in its tags.
receipt-verify-unsealed = It carries no signed end or export head (written before them): it cannot prove its White, Black and Result tags, nor that no ply was removed after its last.
receipt-verify-tag-fails = The record fails at its { $tag }: { $why }.
receipt-verify-seal-fails = The record fails at its signed end or export head: { $why }.
receipt-verify-round = round { $round }
receipt-verify-game-number = game #{ $game }
receipt-tag-event = Event tag
receipt-tag-round = Round tag
receipt-tag-white = White tag (White's name)
receipt-tag-black = Black tag (Black's name)
receipt-tag-result = Result tag
receipt-fault-no-time = it has no time (%ccsnt) to check against its receipt
receipt-fault-bad-seal = it cannot be read, or its signature does not hold for the server's key
receipt-fault-no-seal = there is none, though every record of a game begun as this one was carries one: its tags or its last plies may have been changed
receipt-fault-seal-other-game = it is of another game (game { $game })
receipt-fault-seal-off-chain = it does not follow the record's last receipt
receipt-fault-removed-end = the ply is missing: the record ends here, but its signed end counts { $sealed } plies
receipt-fault-removed-head = the ply is missing: the record ends here, but its signed export head counts { $sealed } plies
receipt-fault-past-seal = the ply is past the end: the record's signed end or export head counts { $sealed } plies
receipt-fault-altered-tag = it is not the one signed ({ $signed })
receipt-file-missing = { $file }: there is no such file.
receipt-file-folder = { $file } is a folder, not a game record.
receipt-file-denied = { $file } may not be read (permission denied).
receipt-file-unreadable = { $file } cannot be read.
receipt-file-syntax = { $file }, line { $line }: { $why }; it is not a game record as zaochka export writes it.
receipt-syntax-bad-tag = a tag that is not [Name "value"] ({ $text })
receipt-syntax-unclosed-comment = a comment not closed ({ $text })
receipt-syntax-unclosed-variation = a variation not closed ({ $text })
receipt-syntax-incomplete-move = a move not finished ({ $text })
receipt-syntax-bad-move-number = a move number that cannot be read ({ $text })
receipt-syntax-bad-annotation = an annotation that cannot be read ({ $text })
receipt-syntax-unexpected = unexpected text ({ $text })
## The players' daily digest and calendar (src/words/digest.rs)
digest-on = From now on you will receive one mail a day, at { $hour } ({ $zone }), listing every game where it is your move, instead of a mail for each move. Draw offers, claims and game ends still come at once. To receive a mail for every move again, write "every move".
digest-off = From now on you will receive a mail for every move of your opponents. To receive one mail a day instead, write "digest" (or "digest at 8", an hour of your time zone).
digest-subject = [zaochka] Your move in { $count ->
    [one] one game
   *[other] { $count } games
} ({ $day })
digest-heading = It is your move in { $count ->
    [one] one game
   *[other] { $count } games
}.
digest-game = Game #{ $game }: write your move to { $address }; the deadline is { $deadline }.
digest-game-no-deadline = Game #{ $game }: write your move to { $address }.
digest-foot = Each game has its own address: write your move to it (answering this mail makes no move). To receive a mail for every move again, write "every move".
calendar-deadline-mine = Move due: game #{ $game } against { $opponent }
calendar-deadline-theirs = { $opponent }'s move due: game #{ $game }
calendar-deadline-mine-description = You play { $side }. If your move has not reached the referee by this time, you lose on time. Write your move to { $address }.
calendar-deadline-theirs-description = Your opponent ({ $side }) must move by this time.
calendar-side-white = White
calendar-side-black = Black
calendar-leave = Leave (zaochka)
calendar-leave-description = Your clocks stand during your leave.
calendar-period-end = End of the playing period: { $tournament }
calendar-period-end-description = Games not finished by this time go to adjudication.
calendar-name = zaochka: { $player }
calendar-attached = Your calendar is attached ({ $file }, { $count ->
    [one] one event
   *[other] { $count } events
}): your deadlines, your opponents' deadlines, your leave and the ends of playing periods, in your time zone. Importing it again updates the same events.

# A new Xfcc password asked for by mail (src/words/xfcc.rs, docs/xfcc.md).
xfcc-password-mail = Your new Xfcc password: { $password }

    Desktop correspondence programs (Scid and others) log in with your registered address and this password. It replaces any earlier one; only its hash is kept, so keep this mail or ask again for a new one ("xfcc password").
# A crosstable's entry ratings (src/words/tournament.rs): the unrated mark and the average line.
tournament-legend-unrated = — unrated
tournament-average-rating = Average rating { $rating } ({ $rated ->
    [one] one rated player
   *[other] { $rated } rated players
}), category { $category }
tournament-average-rating-no-category = Average rating { $rating } ({ $rated ->
    [one] one rated player
   *[other] { $rated } rated players
}), no category (2250 or below)
# More of a tournament's settings as `tournament show` prints them (src/words/tournament_settings.rs).
settings-bulletins-every = Bulletins: after every { $games ->
    [one] finished game
   *[other] { $games } finished games
}, and the final one
settings-bulletins-none = Bulletins: only when a director sends one
settings-director-warnings = Warnings to the directors: { $days } days before a loss on time
settings-director-warnings-none = Warnings to the directors before a loss on time: none
settings-director-silence = Warnings to the directors of silence on the move: after { $days } days
settings-director-silence-none = Warnings to the directors of silence on the move: none
settings-rated = Rating: the games count for the rating list
settings-unrated = Rating: unrated, the games stay out of the rating lists
# A claim refused for what the adjudication has come to (src/words/referee.rs).
refusal-claim-awaiting-ruling = the claims of game #{ $game } are closed: they disagree, and the game awaits the director's ruling
refusal-claim-adjudication-over = the adjudication of game #{ $game } is over: the game has its result
# A game's first mail: the players' ratings on the list in force (src/words/help.rs).
invitation-ratings = Ratings: yours { $yours }, your opponent's { $opponent }.
invitation-rating-unrated = unrated
# A crosstable's legend: the signs after a result lost on time and after one decided at adjudication.
tournament-legend-time = ⏱ lost (won) on time
tournament-legend-adjudicated = ⚖ decided at adjudication
# The Subject of every mail to a tournament's directors (one thread per tournament).
tournament-directors-subject = [zaochka] { $tournament }: to the directors
# To a tournament's directors: a mail to a player bounced and the player's clock stopped.
tournament-director-bounce = The mail to { $player } ({ $address }) bounced: their clock in game #{ $game } is stopped until they write again. { $count ->
    [one] Their unfinished game in { $tournament }: { $games }.
   *[other] Their unfinished games in { $tournament }: { $games }.
}
# A published calendar's web address, below the calendar's answer (src/words/digest.rs).
calendar-published = It is also kept up to date at { $url }: a calendar program can subscribe to it; only you know this address.
# To a player who wrote that they withdraw from a tournament, or asked how (src/words/tournament_events.rs).
withdrawal-said = You wrote that you withdraw from the tournament. Nothing has been changed yet: a withdrawal changes results, so it is made only when you confirm it with the code below.
withdrawal-asked = A withdrawal from a tournament is made when you confirm it by mail with the code below, or by a director of the tournament.
withdrawal-in-none = You play in no tournament, so there is nothing to withdraw from.
# $tournament — the name; $games — the player's unfinished games; $rule — one of withdrawal-rule-.
withdrawal-terms = If you withdraw from { $tournament }: { $games ->
    [0] you have no unfinished game there
    [one] your unfinished game is lost by forfeit
   *[other] your { $games } unfinished games are lost by forfeit
}; { $rule }.
withdrawal-rule-fide = under the FIDE Tournament Rules, if you have played fewer than half of your games all your results leave the standings, otherwise they stand
withdrawal-rule-lss = under the LSS rules, if you have played half of your games or fewer every game of yours is scored lost, otherwise your results stand
withdrawal-rule-fmjd = under the FMJD rules, your total stands only if you have played more than half of your games
# $directors — the directors' addresses, separated by commas.
withdrawal-directors = Directors: { $directors }.

# A daily digest asked for at no hour from 0 to 23 (src/words/mail.rs).
mail-digest-hour = A daily digest at "{ $hour }" was asked for, but the hour must be from 0 to 23 (of your time zone), for example "digest at 8". Nothing was changed.
mail-digest-no-hour = A daily digest at an hour was asked for, but no hour follows: write one from 0 to 23 (of your time zone), for example "digest at 8". Nothing was changed.
## The referee's refusals (src/words/referee.rs)

# $why is the reader's own error, in English.
start-refusal-setup = the start position: { $why }
start-refusal-opening-unread = the opening "{ $text }": { $why }
start-refusal-opening-move = the opening move "{ $text }" is not legal: { $why }
# $side is `white` or `black`; $towers is `yes` in a game of towers.
start-refusal-no-pieces = the game would be over before its first move: { $side ->
    [white] White
   *[black] Black
  } has no { $towers ->
    [yes] towers
   *[no] pieces
  }
# $end is how the game would end.
start-refusal-over = the game would be over before its first move: { $end }
refusal-unknown-game = there is no game #{ $game }
refusal-not-in-game = you do not play in game #{ $game }
refusal-unknown-player = { $player } is not a registered player
# The move number the player wrote, when it names no side.
refusal-move-number-written = move { $number }
refusal-wrong-move-number = you wrote { $written }, but it is { $due } now
refusal-not-your-turn = it is not your move
refusal-game-over = game #{ $game } is over: { $result }
refusal-game-annulled = game #{ $game } was annulled
refusal-game-not-active = game #{ $game } is { $status }
refusal-no-pending-offer = there is no draw offer to answer
refusal-own-offer = the pending draw offer is your own; your opponent must answer it
refusal-opponent-offered = your opponent has offered a draw: answer "accept" or "decline" (or play a move)
refusal-offer-right-used = your last draw offer was declined; you may offer again after your opponent has offered
refusal-claim-not-on-turn = a draw may be claimed only when it is your move
refusal-not-referee = only a referee may do this
refusal-own-game = you play in game #{ $game }, so you cannot rule on it: another referee of the tournament must
refusal-no-game = the line names no game of yours
refusal-rollback-beyond = the game has { $plies ->
    [one] { $plies } ply
   *[other] { $plies } plies
  }; it cannot be rolled back to ply { $to }
refusal-nothing-to-roll-back = the game has { $plies ->
    [one] { $plies } ply
   *[other] { $plies } plies
  } already: a rollback to ply { $plies } would remove nothing
refusal-result-stands = game #{ $game } is finished and its result stands
refusal-cannot-seal = a move may be sealed only in an adjourned game, by the player to move
refusal-already-sealed = your move is sealed already, and a sealed move cannot be changed
refusal-too-many-days = { $days } days is more than a referee may change a clock by at once (at most { $max } days either way)
refusal-no-reason = a reason is required
refusal-zero-days = the number of days must not be zero
# $left is the time left on the side's clock.
refusal-below-zero = { $side } has { $left } left: taking { $days ->
    [one] { $days } day
   *[other] { $days } days
  } would take the balance below zero (add --force to do it, and the side loses on time)
refusal-retired = { $player } has retired and cannot be entered
refusal-no-time-control = game #{ $game } has no time control
refusal-leave-overlaps-other = the leave overlaps the leave of { $player } from { $first } to { $last }
# $why is why the leave was refused.
refusal-leave-of = leave of { $player }: { $why }
refusal-fault = the server failed under the command; nothing was changed, please send it again later
refusal-already-recorded = this mail has been handled already
refusal-same-player = White and Black are the same player
refusal-not-player-of = { $player } does not play in game #{ $game }
refusal-other-side-resigns = the side named as resigning is not yours
# $why is the replay's error (English only: the Russian says the referee is told).
refusal-corrupt-game = game #{ $game } cannot be replayed from the database: { $why }
# $why is the database's error (English only).
refusal-database = database error: { $why }
tournament-refusal-unknown = there is no tournament «{ $tournament }»
tournament-refusal-bad-name = a tournament name is one line of visible characters, at most { $max } of them
tournament-refusal-exists = a tournament «{ $tournament }» exists already
tournament-refusal-not-entered = you do not play in the tournament «{ $tournament }»
tournament-refusal-player-not-entered = { $player } is not entered in the tournament «{ $tournament }»
tournament-refusal-none-entered = you play in no tournament
tournament-refusal-no-table = game #{ $game } is a game of the tournament «{ $tournament }», whose table the bot does not keep: its director has it
tournament-refusal-already-entered = { $player } is entered already
tournament-refusal-started = the games of the tournament «{ $tournament }» are made already: the entrants and the draw stand
tournament-refusal-not-drawn = the personal numbers of the tournament «{ $tournament }» are not drawn yet
tournament-refusal-too-few = section { $section } has { $players ->
    [one] { $players } player
   *[other] { $players } players
  }; a round robin needs at least 2
tournament-refusal-numbers-mismatch = the numbers for section { $section } must list each of its entrants exactly once
tournament-refusal-not-playing = { $player } no longer plays in the tournament
tournament-refusal-draw-offers-from = the tournament's rules allow draw offers from move { $move } on
tournament-refusal-frozen = the playing period is over: game #{ $game } waits for adjudication; send your claim ("claim win", "claim draw" or "claim loss") with your analysis
tournament-refusal-no-adjudication = game #{ $game } is not waiting for adjudication
# $why is what is wrong with the list, in English.
tournament-refusal-ballot = the list of openings cannot be used: { $why }
tournament-refusal-no-drawing-table = the list of openings cannot be used: no drawing table "{ $table }"
tournament-refusal-not-in-period = the tournament «{ $tournament }» is not being played
tournament-refusal-no-claim = there is no such claim for game #{ $game }
tournament-refusal-which-claim = the claims for game #{ $game } differ: say whose claim (white or black)
tournament-refusal-not-director = you are not a director of the tournament «{ $tournament }»: only its directors and the admins may change it or rule on its games
tournament-refusal-director-not-referee = { $player } is not a referee: only a referee or an admin may direct a tournament
tournament-refusal-already-director = { $player } is a director of the tournament already
tournament-refusal-not-a-director = { $player } is not a director of the tournament
tournament-refusal-last-director = the tournament «{ $tournament }» would be left without a director: add another one first
clock-refusal-not-running = it is not the move of { $side } now: their clock is not running
clock-refusal-late = the move arrived after the deadline { $deadline }
clock-refusal-before-start = the move is dated before the clock started ({ $started })
clock-refusal-no-clocks = game #{ $game } has no clocks
clock-refusal-already-started = the clocks of game #{ $game } run already

## A game's state (src/words/state.rs)

state-header = Game #{ $game } - { $variant }: { $white } – { $black }
state-score-heading = Score:
state-clocks-heading = Clocks:
# $mover is the player's name.
state-to-move = Move { $number }: { $side } ({ $mover }) to move.
state-frozen = The tournament's playing period is over: the game waits for adjudication; the clocks stand and no move is due.
state-annulled-by-referee = The game was annulled by the referee; it counts for nobody.
state-paused = The game is paused by the referee; the clocks stand and no move is due.
state-adjourned = The game is adjourned: the player to move seals a move (reply "seal" and the move); that player's clock runs until the move is sealed, then both clocks stand until the game resumes.
state-in-progress = The game is in progress.
state-over = The game is over.
state-annulled = The game was annulled.
status-active = in progress
status-paused = paused
status-adjourned = adjourned
status-finished = finished
status-annulled = annulled
# $side is the side that lost: `white`, `black`, or `none` (a player unnamed).
termination-resignation = { $side ->
    [white] White
    [black] Black
   *[none] a player
  } resigned
termination-no-moves = { $side ->
    [white] White
    [black] Black
   *[none] a player
  } had no move left
termination-no-pieces = { $side ->
    [white] White
    [black] Black
   *[none] a player
  } had no pieces left
termination-agreement = drawn by agreement
termination-repetition = the same position occurred three times
termination-fivefold-repetition = the same position occurred five times
termination-kings-only = only kings moved, without a capture, for as many moves as the rules count
termination-lone-king = a lone king held out against the stronger side for as many moves as the rules count
termination-unchanged-material = the material did not change for as many moves as the rules count
termination-fifty-moves = 50 moves of each side without a capture or a pawn move
termination-seventy-five-moves = 75 moves of each side without a capture or a pawn move
termination-draw-rule = a draw rule of the game (which one was not recorded)
termination-adjudication = adjudicated by the referee
termination-agreed-claims = both players claimed this result at the end of the playing period
termination-forfeit = { $side ->
    [white] White
    [black] Black
   *[none] a player
  } forfeited the game
termination-recorded = as the game record gives it
termination-sealed-move = the sealed move of { $side ->
    [white] White
    [black] Black
   *[none] a player
  } was illegal or unclear
termination-time = { $side ->
    [white] White
    [black] Black
   *[none] a player
  } ran out of time
termination-checkmate = { $side ->
    [white] White
    [black] Black
   *[none] a player
  } was checkmated
termination-stalemate = stalemate
termination-insufficient-material = neither side has the material to mate
# $result is the result with its score, $how how the game ended.
state-finished = The game is over. { $result }: { $how }.
state-own-offer-waits = Your draw offer waits for your opponent's answer.
# $answer says how to answer the offer.
state-offer-pending = { $side } offers a draw. { $answer }
# One clock's line; $used, $left and $move are durations.
state-clock-used = { $side }: used { $used }
state-clock-used-left = { $side }: used { $used }, left { $left }
state-clock-this-move = { $side }: this move used { $move }, left { $left } (used in the game: { $used })
state-clock-next-move = { $side }: next move { $left } (used in the game: { $used })
state-time-control = Time control: { $control }
state-move-due = move due by { $when }
state-clock-stopped = clock stopped, no deadline
state-leave-left = Your leave left this year: { $days ->
    [one] { $days } day
   *[other] { $days } days
  }
state-next-reminder = next reminder: { $reminder }
reminder-days-before-deadline = { $days ->
    [one] { $days } day
   *[other] { $days } days
  } before the deadline
reminder-hours-before-deadline = { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
  } before the deadline
reminder-after-silence = after { $days ->
    [one] { $days } day
   *[other] { $days } days
  } without a move
# The part before the colon is dated in the reminder line.
reminder-timeout-loss = the deadline: the game is lost on time
reminder-timeout-report = the deadline: the referee is told
state-your-games = Your games:
state-no-games-yet = (no games yet)
# A run of like pieces of a tower.
piece-run-white-king = { $n ->
    [1] white king
   *[other] { $n } white kings
  }
piece-run-white-man = { $n ->
    [1] white man
   *[other] { $n } white men
  }
piece-run-black-king = { $n ->
    [1] black king
   *[other] { $n } black kings
  }
piece-run-black-man = { $n ->
    [1] black man
   *[other] { $n } black men
  }
# A tower: $top the owner's pieces ($own of them), $under the prisoners.
tower-words = { $top }, { $own ->
    [1] under it
   *[other] under them
  }: { $under }
# The board in one line for screen readers; $n is a plain number.
board-count-pieces = { $n } pieces
board-count-men = { $n } men
board-count-kings = { $n } kings
board-count-towers = { $n } towers
board-no-pieces = no pieces
board-side = { $side } { $counts }
board-game-over = The game is over.
# $side is `white` or `black`.
board-to-move = { $side ->
    [white] White
   *[black] Black
  } to move.
board-position = Position: { $sides }. { $turn }

## How the rules end a game (src/words/moves/ends.rs)

# Kings or men of a count, as the stronger side's material.
ends-kings = { $n ->
    [1] a king
    [2] two kings
    [3] three kings
   *[other] { $n } kings
  }
ends-men = { $n ->
    [1] a man
    [2] two men
    [3] three men
   *[other] { $n } men
  }
ends-or-more = { $pieces } or more
ends-and = { $first } and { $second }
# Every split of $n pieces between kings and men.
ends-pieces = { $n ->
    [2] two pieces
    [3] three pieces
   *[other] { $n } pieces
  }
# $list is the materials but the last, joined by ", ".
ends-either = { $list }, or { $last }
ends-moves-of-stronger-side = { $moves } moves of the stronger side
ends-moves-of-each-side = { $moves } moves of each player
ends-lone-king-main-road = { $strong } against a lone king on the main road: no win within { $counted }
ends-lone-king = { $strong } against a lone king: no win within { $counted }
ends-unchanged-material = both sides have kings, { $lo }-{ $hi } pieces, material unchanged for { $moves } moves
ends-kings-only = { $moves } moves with only kings moving and no capture
ends-material-table-cell = { $moves } moves with { $lo }-{ $hi } pieces
# $cells are the table's rows joined by ", ".
ends-material-table = both sides have kings and the material has not changed for { $cells }
end-no-pieces = the side to move has no pieces left
end-no-towers = the side to move has no tower left
end-no-moves = the side to move has no legal move
end-checkmate = checkmate: the king is in check and no move parries it
end-stalemate = stalemate: the side to move is not in check and has no legal move
end-dead-position = dead position: neither side can checkmate with the material left
end-fivefold-repetition = the same position has appeared five times
end-seventy-five-moves = 75 moves by each player without a pawn move or a capture
result-white-won = White won
result-black-won = Black won
result-draw = Draw
# $rule is the rule with its citation, $result the result with its score.
ends-game-over = Game over: { $rule }. { $result }.
claim-rule-repetition = the same position with the same side to move has occurred three times
claim-rule-fifty-moves = the last 50 moves by each player were made without a pawn move or a capture
claim-rule-unchanged-material = for the last { $moves } moves the material (number of towers and their composition) has not changed
ends-times = { $n ->
    [1] once
   *[other] { $n } times
  }
# $times is how often the position occurred (ends-times).
claim-fails = the position has occurred { $times }; a draw needs the same position three times with the same side to move ({ $citation }), and no other claim rule applies
# A number of days (the English is written by count_en in src/words/game.rs).
days-count = { $days ->
    [one] { $days } day
   *[other] { $days } days
  }
# A player's withdrawal by mail (src/words/tournament_events.rs): the line that confirms it, under each tournament's terms.
# $code — eight digits; $until — the last day the code is taken.
withdrawal-confirm = To withdraw from { $tournament }, reply to this mail with the line: confirm withdrawal { $code } (the code is valid through { $until }, that day included).
# The answers to a confirmation of a withdrawal.
withdrawal-made = You have withdrawn from { $tournament }: { $games ->
    [0] you had no unfinished game there
    [one] your unfinished game is lost by forfeit
   *[other] your { $games } unfinished games are lost by forfeit
}. The tournament's directors are told.
withdrawal-already = You have already withdrawn from { $tournament }: nothing more has been changed.
withdrawal-over = You no longer play in { $tournament }: nothing has been changed.
withdrawal-expired = The code for { $tournament } has expired: nothing has been changed. Write "I withdraw from the tournament" for a new one.
withdrawal-no-code = Your confirmation of a withdrawal holds no code: nothing has been changed. Reply to the mail with the terms with the line it gives (confirm withdrawal and the code's eight digits).
withdrawal-wrong-code = This code confirms no withdrawal of yours: nothing has been changed. Check the code in the mail with the terms, or write "I withdraw from the tournament" for a new one.
# To every director of a tournament: a player withdrew by their own confirmed mail.
tournament-player-withdrew = { $player } ({ $address }) has withdrawn from { $tournament } by their own mail, confirmed with its code: { $games ->
    [0] no unfinished game was
    [one] one unfinished game was
   *[other] { $games } unfinished games were
} lost by forfeit.
# The words a player sent with a move from a desktop program (Xfcc), before them, quoted (src/words/xfcc.rs). $name — the player; $side — White or Black.
xfcc-players-message = { $side } ({ $name }) sent these words with the move; they are the player's own, the referee neither checks nor answers them:
# A tournament setting, shown only when set (src/words/tournament_settings.rs).
settings-no-moves-on-leave = Moves during a leave: refused (end the leave first)
# A director's daily digest of a tournament's events (src/words/tournament_events.rs).
# $day — the director's local day; $events — how many events it lists.
director-digest-head = The digest of { $tournament } for { $day }: { $events ->
    [one] one event
   *[other] { $events } events
} since the last digest. To have each event mailed at once, reply "each event".
# The groups of a director's digest, each with the commands that act on its events.
director-digest-adjudications = Gone to adjudication (the claims and analyses: tournament adjudications { $quoted }):
director-digest-rulings = Waiting for your ruling (reply with "adjudicate #N 1-0", "accept claim #N" or "reject claim #N", each with "reason: ..."):
director-digest-late-claims = Claims after the claim term (rule with "adjudicate #N 1-0", with "reason: ..."):
director-digest-clock-warnings = Time and silence warnings (to give days "add days #N white 3", to stop the clock "pause #N", each with "reason: ..."):
director-digest-bounces = Mails that bounced (to send a game again "resend #N address", with "reason: ..."):
director-digest-withdrawals = Withdrawals (the table: tournament crosstable { $quoted }):
director-digest-finished = Finished (the final table: tournament crosstable { $quoted }):
# The answer to a director who set how they hear of a tournament's events.
# $hour — the hour of the digest (08:00); $zone — the director's time zone.
director-mail-each = You will get a mail for each event of { $tournament } at once.
director-mail-digest = You will get the events of { $tournament } in one mail a day, at { $hour } of your time zone ({ $zone }); a day without events brings no mail. To have each event mailed at once, write "each event".
# A director asked how to hear of events, named no tournament and directs none.
director-mail-no-tournament = you direct no tournament: name one after the words
# zaochka backup refused a destination before writing anything (src/words/operator/backups.rs).
# $file — which file of the server: database, wal, shm, journal, key, commands, replay,
# went-back, lock or config.
backup-server-file = { $file ->
    [database] the live database
    [wal] the write-ahead log of the live database
    [shm] the shared-memory index of the live database
    [journal] the rollback journal of the live database
    [key] the server's signing key
    [commands] the journal of shell commands
    [replay] the marker of an unfinished replay
    [went-back] the record of a return to an older copy
    [lock] the daemon's lock file
   *[config] the configuration file
}
# $target — the destination as given; $what — one of backup-server-file; $path — that file;
# $key — the name of the key copy beside the backup; $suggestion — a destination to use instead.
backup-refused-server-file = { $target } is { $what } ({ $path }): a backup written there would destroy it. Nothing was written. Name a new file outside the server's files, such as { $suggestion }
backup-refused-key-copy = the server key is copied beside a backup under its name with the extension `.key`, here { $key }, which is { $what } ({ $path }): the copy would overwrite it. Nothing was written. Name the backup after none of the server's files, such as { $suggestion }
backup-refused-key-copy-is-backup = the server key is copied beside a backup under its name with the extension `.key`, and { $target } has that extension already: the key copy would overwrite the backup itself. Nothing was written. Give the backup the extension `.db`, such as { $suggestion }
backup-refused-mail-folder = { $target } is in the mail folder { $path }: the daemon would read the copy there, with every player's token and the server key beside it, as mail (or send it). Nothing was written. Choose a folder outside the mail folders, such as { $suggestion }
# `tournament directors list` at the console (src/words/operator/desk.rs): one line a director.
# $role — referee, admin (or player, when no longer a referee); $since — when they became a director (RFC 3339); $mail — each or digest.
tournament-directors-line = { $address } ({ $name }, { $role ->
    [admin] admin
    [player] player
   *[referee] referee
}), since { $since }; mail: { $mail ->
    [digest] one digest a day
   *[each] each event at once
}
# `tournament directors list` when the tournament has none: every referee and admin directs it.
tournament-directors-none = The tournament "{ $tournament }" has no directors of its own: every referee and admin directs it.
