# Русский каталог: по сообщению на каждую фразу программы, те же имена и
# переменные, что в en.ftl. Как добавить язык: docs/languages.md.
# Переменные-количества ($days, $moves, $n ...) — числа и выбирают форму
# по правилам CLDR: one (1, 21, 101), few (2–4, 22–24), many (0, 5–20, 25),
# other (дробные); остальные — текст, вставляемый как есть.

## Часы: контроль времени словами (src/words/clock.rs)

clock-days-per-move = { $days } { $days ->
    [one] день
    [few] дня
    [many] дней
   *[other] дня
  } на ход
clock-moves-in-days = { $moves } { $moves ->
    [one] ход
    [few] хода
    [many] ходов
   *[other] хода
  } за { $days } { $days ->
    [one] день
    [few] дня
    [many] дней
   *[other] дня
  }
clock-fischer = Фишер: { $base } { $base ->
    [one] день
    [few] дня
    [many] дней
   *[other] дня
  } + { $increment } { $increment ->
    [one] день
    [few] дня
    [many] дней
   *[other] дня
  } за ход
clock-fischer-capped = Фишер: { $base } { $base ->
    [one] день
    [few] дня
    [many] дней
   *[other] дня
  } + { $increment } { $increment ->
    [one] день
    [few] дня
    [many] дней
   *[other] дня
  } за ход, не более { $cap } { $cap ->
    [one] день
    [few] дня
    [many] дней
   *[other] дня
  }
clock-with-counting = { $control } ({ $rules })
clock-counting-whole-days = целые сутки, ответ в течение 24 часов не расходует дня
clock-counting-double-after = дни сверх { $days } на один ход считаются вдвойне
clock-days-hours = { $sign }{ $days } дн. { $hours } ч

## Часы: почему контроль времени не принят

clock-field-days-per-move = дней на ход
clock-field-days-per-period = дней на период
clock-field-base-days = основное время (дней)
clock-field-increment-days = добавка за ход (дней)
clock-field-cap-days = потолок (дней)
clock-field-double-after-days = удвоение после (дней)
clock-field-other = число дней
clock-control-zero-days = в контроле времени нужен хотя бы один день: { $field } = 0
clock-control-too-many-days = { $field } = { $days }, это больше допустимых { $max }
clock-control-zero-moves = в контроле времени нужен хотя бы один ход на период, а не 0
clock-control-too-many-moves = { $moves } ходов на период — больше допустимых { $max }
clock-control-cap-below-base = потолок { $cap } { $cap ->
    [one] день
    [few] дня
    [many] дней
   *[other] дня
  } меньше основного времени { $base } { $base ->
    [one] день
    [few] дня
    [many] дней
   *[other] дня
  }
clock-control-zero-double-after = удвоение дней возможно только после хотя бы одного дня, а не после 0
# Вместо английского $reason — примеры записи.
clock-control-syntax = не удалось прочитать контроль времени { $text }: ожидается, например, «3 дня на ход», «10/50», «10/50 икчф» или «фишер 30+3 макс 60»
clock-control-json = этот JSON — не контроль времени в форме JSON ({ $error })

## Часы: почему отпуск не предоставлен

clock-leave-syntax = не удалось прочитать запрос отпуска { $text }: напишите, например, «отпуск 2026-12-20 2027-01-03» или «отпуск 2026-12-20 14»
clock-leave-bad-date = { $text } — не дата: пишите ГГГГ-ММ-ДД, например 2026-12-20
clock-leave-end-before-start = отпуск кончается { $last } раньше, чем начинается ({ $first })
clock-leave-not-positive = отпуск должен быть не короче одного дня, а не { $days }
clock-leave-in-past = отпуск начинается { $first }, в прошлом: сегодня { $today }
clock-leave-overlaps = отпуск пересекается с вашим отпуском с { $first } по { $last }
clock-leave-beyond-allowance = отпуску нужно { $requested } { $requested ->
    [one] день
    [few] дня
    [many] дней
   *[other] дня
  } { $year } года, но из { $allowance } { $allowance ->
    [one] день
    [few] дня
    [many] дней
   *[other] дня
  } { $year } года осталось { $left } (использовано { $taken })
clock-leave-on-leave = вы в отпуске по { $last } включительно: во время отпуска ходы не принимаются
clock-zone-unknown = неизвестный часовой пояс { $zone }: нужно имя IANA, например Europe/Moscow
