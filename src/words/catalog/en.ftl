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
clock-field-other = number of days
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
