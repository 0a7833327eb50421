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
clock-hint-general = ожидается, например, «3 дня на ход», «10/50», «10/50 икчф» или «фишер 30+3 макс 60»
clock-hint-fischer = ожидается «фишер ОСНОВА+ДОБАВКА» в днях, по желанию «макс ДНЕЙ»
clock-hint-double-after = ожидается число после «удвоение»
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

## Начальная позиция: почему не принята (src/words/setup.rs)

setup-fen-unreadable = не удалось прочитать шахматный FEN { $fen }: { $rule }
setup-fen-illegal = шахматный FEN { $fen } — не допустимая позиция: { $why }
setup-field-board = доска (первое поле) — восемь горизонталей из букв фигур (KQRBNP у белых, kqrbnp у чёрных) и цифр пустых полей через /
setup-field-turn = очередь хода (второе поле) — w или b
setup-field-castling = поле рокировок (третье) — - или буквы из KQkq
setup-field-en-passant = поле взятия на проходе (четвёртое) — - или поле на 3-й или 6-й горизонтали
setup-field-halfmove-clock = счётчик полуходов (пятое поле) — число
setup-field-fullmoves = номер хода (шестое поле) — число от 1
setup-field-fields = нужны доска, очередь хода, рокировки, взятие на проходе и два счётчика
setup-illegal-empty-board = доска пуста
# $side — сторона с заглавной буквы (Белые, Чёрные).
setup-illegal-no-king = { $side }: нет короля
setup-illegal-kings = { $side }: королей { $kings }
setup-illegal-pawn-on-back-rank = пешка стоит на { $square }, на первой или последней горизонтали
# Русская фраза не называет сторону, за которой ход ($other).
setup-illegal-resting-in-check = { $side }: король на { $square } под шахом, а ход за другой стороной
setup-illegal-impossible-check = король на { $square } под шахом, который не мог дать ни один ход
setup-illegal-en-passant = поле взятия на проходе { $square } не следует за ходом пешки через поле
setup-illegal-en-passant-unnamed = поле взятия на проходе не следует за ходом пешки через поле
setup-illegal-castling-rights = право рокировки дано королю или ладье не на исходном поле
setup-illegal-too-much-material = у стороны больше фигур, чем может быть в партии
setup-illegal-not-legal = фигуры не образуют допустимой позиции

## Диаграмма: слова на доске (src/words/diagram.rs)

diagram-white-to-move = Ход белых
diagram-black-to-move = Ход чёрных
diagram-last-move = Последний ход
diagram-marks = [ ] его поля, ( ) взятые
diagram-kings = Дамки
diagram-towers = Башни, сверху вниз
diagram-white = белые
diagram-black = чёрные

## Правила, как на них ссылаются (src/words/rulebook.rs)

rulebook-russian-draughts = Правила вида спорта «шашки»
rulebook-column-checkers = Кодекс столбовых шашек
rulebook-fide-laws = Правила игры в шахматы ФИДЕ
rulebook-fmjd-rules = Правила ФМЖД
rulebook-lasker-lasca = правила Ласки (Ласкер, 1911)
rulebook-cite-section = { $book }, п. { $clause }
rulebook-cite-article = { $book }, ст. { $clause }

## Настройки турнира, по строке на каждую (src/words/tournament_settings.rs)

settings-system-round-robin = круговой
settings-system-double-round-robin = двухкруговой
settings-system-micro-match = микроматчи
settings-time-control = Контроль времени: { $value }
settings-time-control-none = Контроль времени: нет
settings-leave = Отпуск в год: { $duration }
settings-draw-offers-any-time = Предложения ничьей: в любой момент
settings-draw-offers-from = Предложения ничьей: с { $move }-го хода
settings-timeout-lose = По истечении срока: поражение по времени
settings-timeout-report = По истечении срока: решает судья
settings-tie-breaks = Дополнительные показатели: { $list }
settings-scoring-classic = Очки: победа 1, ничья ½, поражение 0
settings-scoring-fmjd = Очки: победа 2, ничья 1, поражение 0
settings-withdrawals-fide = Выбывание: правила турниров ФИДЕ
settings-withdrawals-lss = Выбывание: правила LSS
settings-withdrawals-fmjd = Выбывание: правила ФМЖД
settings-period = Срок игры: { $duration }
settings-period-unlimited = Срок игры: без ограничения
settings-claims = Заявки после срока: { $duration }
settings-ballot-table-match = Жеребьёвка начал: таблица { $name }, одно начало на матч
settings-ballot-table-round = Жеребьёвка начал: таблица { $name }, одно начало на тур
settings-ballot-own-match = Жеребьёвка начал: список судьи { $name }, одно начало на матч
settings-ballot-own-round = Жеребьёвка начал: список судьи { $name }, одно начало на тур

## Почему ход не принят (src/words/moves/refusals.rs)

list-or = {" или "}
move-unreadable = не удалось прочитать ход: { $why }
move-unreadable-empty = пустой текст
move-unreadable-stray-characters = в записи есть знаки, которые не означают ни поле, ни ход
move-unreadable-no-start = запись начинается не с поля и не с буквы вертикали
move-unreadable-two-signs = два знака хода подряд
move-unreadable-bare-file = буква вертикали без номера горизонтали внутри хода
move-unreadable-ends-with-sign = запись кончается знаком хода
move-unreadable-no-destination = не указано поле, на которое идёт шашка
move-square-not-playing = { $square } — не игровое поле
move-square-off-board = поля { $square } нет на доске
move-square-no-such-number = поля { $number } нет на этой доске
# $family — "draughts" (шашки) или "towers" (столбовые шашки).
move-no-piece-of-yours = на { $square } нет вашей { $family ->
    [towers] башни
   *[draughts] шашки
  }
move-capture-compulsory = бить обязательно: { $captures }
move-capture-continues = взятие не заканчивается на { $stop }: бой продолжается до { $squares }
# $piece — "man" (шашка), "king" (дамка), "tower" (башня), "tower-king" (башня с дамкой наверху).
move-cannot-move-there = { $piece ->
    [tower-king] башня с дамкой наверху
    [tower] башня
    [king] дамка
   *[man] шашка
  } с { $from } не может пойти на { $to }
move-cannot-capture-there = ход записан со знаком взятия, но { $piece ->
    [tower-king] башня с дамкой наверху
    [tower] башня
    [king] дамка
   *[man] шашка
  } с { $from } не может ни бить, ни пойти на { $to }
move-no-piece-on-file = ни одна ваша { $family ->
    [towers] башня
   *[draughts] шашка
  } с вертикали { $file } не может пойти на { $to }
move-nothing-reaches = ни одна ваша { $family ->
    [towers] башня
   *[draughts] шашка
  } не может пойти на { $to }
move-capture-ends-earlier = взятие заканчивается на { $ends }: дальше, до { $to }, бить нельзя
move-mark-without-promotion = ход { $played } не ведёт к превращению, а знак превращения при нём стоит
move-no-legal-moves = ходов нет: партия окончена
move-ambiguous = ход неоднозначен; напишите один из: { $moves }

## Неполадки очереди отправки, для судей (src/words/outbox.rs)

outbox-stage-connect = при приветствии
outbox-stage-ehlo = на EHLO/STARTTLS
outbox-stage-auth = на AUTH (вход)
outbox-stage-mail-from = на MAIL FROM (отправитель)
outbox-stage-rcpt-all = на RCPT TO, для всех получателей
outbox-stage-data = на DATA (текст письма)
outbox-relay-recovered-subject = почтовый сервер отправки временно не принимал письма
outbox-relay-recovered-line = сервер отправки не принимал письма с { $since } до { $until }
outbox-relay-recovered-body = С { $since } до { $until } SMTP-сервер, через который zaochka отправляет почту, отклонял письма { $stage }, кому бы они ни были адресованы (отклонённых попыток: { $refusals }). Его последний ответ:
    {"  "}{ $reply }

    Ни один ответ не потерян: они ждали в очереди и ушли, когда сервер снова стал принимать письма; часы игроков, чьи уведомления о ходе ждали отправки, не шли. Если это повторится, проверьте раздел [outbox] (логин, пароль, разрешения сервера для адреса бота).
outbox-failed-subject = ответ на { $to } не удалось отправить
outbox-failed-line = ответ { $row } на { $to } окончательно не отправлен
outbox-failed-why-unbuildable = письмо не удалось составить
outbox-failed-why-attempts-used-up = все попытки закончились временной ошибкой, и попытки исчерпаны
outbox-failed-why-recipient-refused = почтовый сервер окончательно отказался принять письмо для этого получателя
outbox-failed-body = Ответ { $row } на адрес { $to } не отправлен: { $why }. Последняя ошибка:
    {"  "}{ $detail }

    Команда `zaochka outbox list --failed` показывает такие ответы; когда причина устранена, `zaochka outbox retry { $row }` отправит его снова.
outbox-failed-body-game = Ответ { $row } по партии №{ $game } на адрес { $to } не отправлен: { $why }. Последняя ошибка:
    {"  "}{ $detail }

    Команда `zaochka outbox list --failed` показывает такие ответы; когда причина устранена, `zaochka outbox retry { $row }` отправит его снова.

## Часы, остановленные из-за недоставленного уведомления; время хода (src/words/pauses.rs)

pauses-stopped-subject = партия №{ $game }: часы { $name } остановлены
pauses-stopped-line = Партия №{ $game }: часы игрока { $name } остановлены с { $since }, потому что уведомление о ходе не удалось доставить.
pauses-stopped-body = В партии №{ $game } часы игрока { $name } остановлены с { $since }: уведомление о ходе, отправленное на { $address }, вернулось недоставленным.

    Часы игрока { $name } в партии №{ $game } стоят, пока игрок не напишет боту с зарегистрированного адреса с ключом партии или судья не снимет остановку:
    {"  "}zaochka referee bounce-clear { $game } { $address } --reason "..."
    (после `zaochka player edit` с рабочим адресом `zaochka game resend { $game }` отправит уведомление снова).
pauses-stopped-since = Часы игрока { $name } остановлены с { $since }: уведомление о ходе не удалось доставить.
pauses-stood = Часы игрока { $name } стояли с { $since } по { $until }: уведомление о ходе не удалось доставить.
timing-reflection-charged = время на обдумывание: { $time } (засчитано)
timing-reflection-part-charged = время на обдумывание: { $time } (засчитано: { $charged })
timing-transit = время в пути: { $time } (не засчитано)
timing-stood = часы стояли: { $time } (не засчитано)
timing-waited = ваше письмо ждало обработки у бота: { $time } (не засчитано)
duration-minutes = { $minutes } мин
duration-hours-minutes = { $hours } ч { $minutes } мин

## Сайт турнира (src/words/site.rs)

site-crosstable = Турнирная таблица
site-crosstable-text = Таблица текстом
site-games = Партии
site-game = Партия
site-white = Белые
site-black = Чёрные
site-result = Результат
site-in-progress = играется
site-ballot = Дебют по жребию
site-score = Запись партии
site-start-position = Начальная позиция
site-previous = Назад
site-next = Вперёд
site-last-position = Последняя позиция
site-back-to-game = К партии
site-back-to-tournament = К турниру
site-round = Тур { $round }
site-game-title = Партия { $label }: { $white } – { $black }
site-download-pdn = Скачать PDN
site-download-pgn = Скачать PGN
site-after-ply = Позиция после { $number } { $move }

## Оповещения судей (src/words/alerts.rs)

alert-subject = [zaochka] { $what }
alert-undeliverable-subject = письма на { $address } не доставляются
alert-quarantined-subject = письмо помещено в карантин
alert-skipped-subject = пропущен объект во входящей папке
alert-fault-subject = обработка почты приостановлена
alert-dmarc-subject = письмо от { $sender } не прошло проверку DMARC
alert-clock-stepped-subject = системные часы скачком ушли вперёд: проигрыши по времени задержаны
alert-auth-unsettled-subject = письмо не удалось проверить, оно не применено
alert-undeliverable-line = письма на { $address } не доставляются (с { $since })
alert-quarantined-line = письмо { $key } помещено в карантин
alert-skipped-line = { $entry }: { $why }
alert-fault-line = обработка почты приостановлена с { $since }
alert-dmarc-line = письмо { $key } от { $sender } не прошло DMARC и применено
alert-clock-stepped-line = часы скачком ушли с { $from } на { $to }: проигрыши по времени задержаны
alert-auth-unsettled-line = письмо { $key } не удалось проверить (DNS), оно не применено
alert-skip-directory = это каталог
alert-skip-symlink = это символическая ссылка
alert-skip-fifo = это именованный канал
alert-skip-socket = это сокет
alert-skip-device = это файл устройства
alert-skip-unreadable = его нельзя прочитать
alert-skip-unmovable = его нельзя перенести из new/
alert-about-game = {" "}по партии №{ $game }
alert-from-sender = {" "}от { $sender }
alert-server-named = Почтовый сервер { $server }
alert-server-unknown = Почтовый сервер получателя
alert-undeliverable-body = Письмо{ $about }, отправленное zaochka на адрес { $address }, не доставлено. { $server } сообщил о постоянной ошибке.

    Адрес отмечен как недоступный с { $since }. О следующих ошибках доставки на этот адрес повторно не сообщается. Когда адрес снова заработает (или у игрока будет новый), снимите отметку, чтобы письма и оповещения снова шли на него.
alert-quarantined-body = Письмо { $key }{ $from } останавливало демона при обработке (попыток: { $attempts }). Оно помещено в карантин, из него ничего не применено; следующие письма обрабатываются как обычно.

    Посмотрите его и верните в обработку, когда причина будет устранена.
alert-skipped-body = Объект { $entry } во входящей папке не обрабатывается: { $why }. Остальная почта обрабатывается как обычно.

    Удалите или перенесите его вручную.
alert-fault-body = С { $since } демон не может обрабатывать почту из-за сбоя вне писем (база данных заблокирована, диск заполнен и т. п.). Ожидающие письма сохранены и будут применены, когда сбой пройдёт.

    Последняя ошибка: { $detail }
# $policy — "quarantine" или "reject", политика DMARC домена.
alert-dmarc-body = Письмо { $key }{ $about } от { $sender } содержало действующий ключ игрока и было применено, но не прошло проверку DMARC: домен { $domain } требует такие письма { $policy ->
        [quarantine] помещать в карантин
       *[reject] отклонять
    }. Адрес отправителя мог подделать кто-то, кому известен и ключ.

    Команда `zaochka referee log --mail` показывает итоги проверок DKIM, SPF и DMARC. Если игрок этого письма не посылал, откатите партию и выдайте игроку новый ключ; чтобы такие письма отклонялись, задайте `dmarc-reject-refuses-moves = true` в разделе [authentication].
alert-clock-stepped-body = Системные часы скачком ушли вперёд между двумя проверками часов партий: с { $from } на { $to }. Пока вы не решите, ни одна партия не будет проиграна по времени; ходы и остальная почта обрабатываются как обычно (напоминания тоже ждут).

    Если новое время верно и игрокам нужно засчитать этот промежуток, выполните `zaochka clock confirm-step`: часы партий пойдут по новому времени. Если промежуток засчитывать не нужно (часы были неверны раньше или были неверны и уже исправлены), выполните `zaochka clock cancel-step`: все идущие часы партий будут считаться запущенными на столько же позже, и скачок никому не принесёт проигрыша по времени.
alert-auth-unsettled-body = Письмо { $key }{ $about }{ $from } не удалось проверить: проверки DKIM, SPF или DMARC снова и снова заканчивались временной ошибкой (DNS не отвечал) в течение { $minutes } мин. Как требует `dmarc-reject-refuses-moves = true`, письмо записано как отклонённое, из него ничего не применено.

    Команда `zaochka referee log --mail` показывает итоги проверок. Если игрок действительно его посылал, попросите прислать ход ещё раз, когда DNS заработает, или сделайте ход за игрока из командной строки.
alert-held = Предыдущие оповещения ({ $count }) были задержаны из-за ограничения в { $limit } писем-оповещений в час:
alert-held-unknown = оповещение другой версии zaochka
alert-held-more = и ещё { $count }
alert-signature = zaochka (автоматическое сообщение судьям)

## Распоряжения судьи турнира по почте (src/words/director_mail.rs)

director-line-result = результат не указан или не понят (1-0, 0-1, 1/2, ничья, победа белых)
director-line-side = сторона не указана или не понята (белые, чёрные, белым, чёрным)
director-line-rollback = укажите, куда вернуть партию: число полуходов (откат #15 24 или полуход 24) или ход (ход 12, ход 12... для хода чёрных)
director-line-days = число дней не указано или равно нулю
director-line-dates = для отпуска нужны адрес участника и две даты, первый и последний день (20.12.2026 05.01.2027)
director-line-extra = в строке есть слова, не относящиеся к распоряжению
director-no-reason = у каждого распоряжения должна быть причина на следующей строке (причина: ...), она записывается в журнал
director-not-quarantined = в карантине нет письма с ключом { $key }
director-already-done = уже выполнено { $at }; чтобы выполнить ещё раз, допишите после распоряжения «повторно»
director-done-game = партия №{ $game }: { $event } Участникам сообщено.
# Даты пишутся 20.12.2026.
director-done-leave = отпуск участника { $player } с { $from } по { $to } внесён; участнику и его соперникам сообщено.
director-done-claim = { $ruling } Участникам сообщено.
director-done-released = письмо { $key } возвращено из карантина во входящие и будет прочитано снова.
director-report = Ваши распоряжения судьи турнира:
director-item-done = «{ $line }»: выполнено: { $what }
director-item-refused = «{ $line }»: не выполнено: { $why }.
director-only-director = Присуждать результат, возвращать партию, засчитывать поражение, добавлять дни, приостанавливать и возобновлять партии, вносить отпуск, решать по заявкам и выпускать письма из карантина может только судья турнира. Ничего из вашего письма не выполнено.
director-claim-accepted = Судья турнира принял заявку по партии №{ $game } ({ $side }).
# $result — заявленный результат со счётом, со строчной буквы.
director-claim-rejected = Судья турнира отклонил заявку по партии №{ $game } ({ $side }: { $result }); результат присудит судья.

## Ответы бота о самих письмах (src/words/mail.rs)

mail-personal-subject = [zaochka] { $name }: ваши партии
mail-limit-mime-depth = слишком глубокая вложенность частей письма (уровней)
mail-limit-mime-parts = слишком много частей и вложений
mail-limit-headers = слишком много строк заголовка
mail-limit-header-bytes = слишком длинное поле заголовка (байт)
mail-limit-text-bytes = слишком много текста (байт)
mail-limit-line-bytes = слишком длинная строка текста (байт)
mail-limit-words-per-line = слишком много слов в одной строке
mail-games-none = Сейчас у вас нет текущих партий.
mail-games-heading = Ваши текущие партии:
# $side — "white" или "black".
mail-games-entry = {"  "}№{ $game } { $title }: вы играете за { $side ->
        [black] чёрных
       *[white] белых
    }; { $standing }.
    {"    "}Ходы в этой партии пишите на адрес { $address }
mail-standing-your-move = ваш ход
mail-standing-opponents-move = ход соперника
mail-standing-stopped = остановлена, хода не ждём
mail-doubt-question = это вопрос
mail-doubt-negation = здесь это отрицается или отклоняется
mail-doubt-condition = это сказано с условием («если», «бы»)
mail-doubt-reported = это чужие слова или пересказ
mail-doubt-quoted = это цитата в кавычках
mail-doubt-joke = это сказано в шутку
mail-doubt-hedge = это мнение или предположение
mail-doubt-elsewhere = это о прошлом или о другой партии
mail-doubt-mention = здесь об этом только говорится
mail-doubt-contradiction = остальное письмо этому противоречит
mail-not-done-offer = ничья не предложена. Если вы предлагаете ничью, напишите «предлагаю ничью».
mail-not-done-accept = ничья не принята. Если вы принимаете ничью, напишите «согласен на ничью».
mail-not-done-decline = предложение ничьей не отклонено. Если вы отклоняете его, напишите «отказываюсь от ничьей» или просто сделайте ход.
mail-not-done-resign = партия не сдана. Если вы сдаётесь, напишите «сдаюсь» отдельным письмом без хода.
mail-not-done-claim = ничья не заявлена. Если вы заявляете ничью, напишите «требую ничью».
mail-not-done-takeback = ход назад не берётся: отправленный ход остаётся в силе.
mail-not-done-offer-pending = предложение ничьей соперника остаётся без ответа. Чтобы принять его, напишите «согласен на ничью»; чтобы отклонить — «отказываюсь от ничьей» или просто сделайте ход.
mail-not-done-no-offer = ничего не сделано: предложения ничьей от соперника сейчас нет.
# A player entered after the draw of the numbers.
tournament-add-after-draw = номера турнира «{ $tournament }» уже разыграны: новый участник отменил бы жеребьёвку. Чтобы внести его и разыграть номера заново, повторите команду с ключом отмены жеребьёвки (он назван в справке команды), затем проведите жеребьёвку снова
# The tournament site: how a game ended, its final position, the downloads
# and the legend of the signs of its tables.
site-ending = Чем закончилась
site-final-position = Конечная позиция
site-crosstable-csv = Скачать таблицу для электронных таблиц
site-download-event-pdn = Скачать все партии (PDN)
site-download-event-pgn = Скачать все партии (PGN)
site-legend = Знаки: 1 ½ 0 (или 2 1 0) — очки за партию; + − победа, поражение без игры (партия не игралась; +/− в списке партий: победа белых без игры); · ещё не сыграна; ( ) не засчитывается; * выбыл из турнира; × своя клетка; ⏱ поражение по времени; ⚖ результат присуждён; 3-4 — место поделено.
# The crosstable's legend of the places taken over by a replacement: the sign
# and each place's number and former holder ("1 Petrov, 4 Smith").
tournament-legend-replaced = { $sign } партия игрока, занимавшего это место раньше: { $players }
# A tournament's bulletin to its entrants (src/words/bulletin.rs).
bulletin-subject = [zaochka] { $tournament }: бюллетень № { $number }
bulletin-subject-final = [zaochka] { $tournament }: заключительный бюллетень
bulletin-heading = Турнир «{ $tournament }», бюллетень № { $number }.
bulletin-heading-final = Турнир «{ $tournament }», заключительный бюллетень (№ { $number }): все партии окончены, таблица окончательная.
bulletin-finished-heading = Партии, окончившиеся после прошлого бюллетеня: { $n }.
bulletin-finished-first = Окончено партий: { $n }.
bulletin-finished-none = После прошлого бюллетеня ни одна партия не окончилась.
bulletin-game = {"  "}тур { $round }, партия { $label }: { $white } – { $black } { $result }, { $how }
bulletin-table = Турнирная таблица:
bulletin-table-final = Итоговая турнирная таблица:
bulletin-record = Все партии турнира — во вложении, одним файлом { $file }.
bulletin-opt-out = Чтобы больше не получать бюллетени, ответьте на это письмо словами «без бюллетеней».
bulletin-off = Бюллетени турниров вам больше не будут присылаться. Чтобы получать их снова, напишите «бюллетени».
bulletin-on = Бюллетени турниров снова будут вам присылаться. Чтобы не получать их, напишите «без бюллетеней».

## Рейтинги: рейтинг-листы и их расчёт (src/words/ratings.rs)

rating-model-elo = Эло по правилам ICCF
rating-model-glicko2 = Глико-2
rating-status-provisional = предварительный
rating-status-unfixed = нефиксированный
rating-status-fixed = фиксированный
rating-list-title = Рейтинг-лист, { $variant }, { $model }, { $date }
rating-list-header = Место | Игрок | Рейтинг | Партий | Статус
rating-list-header-glicko2 = Место | Игрок | Рейтинг | Отклонение | Партий
rating-list-empty = Ни одна рейтинговая партия ({ $variant }) ещё не окончена.
rating-show-title = { $player }: рейтинг, { $variant }, { $model }
rating-show-period = Период с { $period }: { $before } → { $after } (до него { $games ->
    [one] { $games } партия
    [few] { $games } партии
   *[many] { $games } партий
  })
rating-show-header = Партия | Соперник | Рейтинг соперника | Ожидаемый | Результат | Изменение
rating-show-none = У игрока { $player } нет рейтинговых партий ({ $variant }).
rating-show-none-any = У игрока { $player } нет рейтинговых партий.
rating-calc-performance = Результативность по { $games ->
    [one] { $games } партии
   *[other] { $games } партиям
  }: средний рейтинг соперников { $average }, результат { $percentage }, разность { $difference }, поправка { $correction }: { $average } + { $difference } × { $correction } = { $rating }
rating-calc-weighted = Нефиксированный: ({ $old_games } × { $old_rating } + { $games } × { $performance }) / { $total } = { $rating }
rating-calc-fixed = Фиксированный: { $before } + { $k } × ({ $score } − { $expected }) = { $rating }
rating-calc-glicko2 = Отклонение { $deviation_before } → { $deviation_after }, волатильность { $volatility_before } → { $volatility_after }
rating-recomputed = { $variant }: рейтинг-лист пересчитан по модели «{ $model }»: { $players ->
    [one] { $players } игрок
    [few] { $players } игрока
   *[many] { $players } игроков
  }, { $games ->
    [one] { $games } рейтинговая партия
    [few] { $games } рейтинговые партии
   *[many] { $games } рейтинговых партий
  }.
# The end of a playing period: a claim after the claim term (src/words/tournament_events.rs).
tournament-claim-too-late = Срок заявок по партии №{ $game } истёк { $due }: ваша заявка пришла позже и не принята. Результат присудит судья турнира; ему сообщено о вашей заявке.
tournament-late-claim = Заявка по партии №{ $game } после срока: { $player } требует «{ $result }» { $at }, а срок заявок истёк { $due }. Заявка не принята; партия ждёт вашего решения.
# Why a game stands still, named for what it is (src/words/state.rs).
standstill-frozen = заморожена по окончании срока игры, ждёт заявок
standstill-awaiting-ruling = ждёт решения судьи (присуждение)
standstill-adjourned = отложена
standstill-paused-by-referee = приостановлена судьёй
# To a tournament's directors: adjudication (src/words/tournament_events.rs).
tournament-director-games-frozen = Срок игры в турнире «{ $tournament }» истёк: { $count ->
    [one] партия { $games } не окончена и передана
    [few] { $count } партии ({ $games }) не окончены и переданы
   *[other] { $count } партий ({ $games }) не окончены и переданы
} на присуждение. Заявки участников принимаются до { $due }; при совпадающих заявках партия заканчивается, остальные ждут вашего решения.
tournament-director-claims-disagree = Партия №{ $game } ждёт вашего решения: заявки участников не совпали. Посмотрите их с анализом (`zaochka tournament adjudications`), затем присудите результат в командной строке (`zaochka referee adjudicate`) или ответьте на это письмо командой: «присудить №{ $game } 1-0», «принять заявку №{ $game } белых» или «отклонить заявку №{ $game } чёрных».
tournament-director-term-ended = Партия №{ $game } ждёт вашего решения: срок заявок истёк, { $claims ->
    [0] заявок нет
    [one] пришла одна заявка
   *[other] заявок: { $claims }
}. Посмотрите позицию и присудите результат: в командной строке или ответом на это письмо с командой судьи.
tournament-director-finished = Турнир «{ $tournament }» окончен: завершилась его последняя партия (всего { $games ->
    [one] { $games } партия
    [few] { $games } партии
   *[other] { $games } партий
}). Итоговая таблица — в командной строке (`zaochka tournament crosstable { $quoted }`).
# A director asks for a bulletin after the final one was sent.
bulletin-final-sent = итоговый бюллетень турнира «{ $tournament }» (№ { $number }) уже разослан: следующего бюллетеня не будет
# To a tournament's directors: time and silence warnings (src/words/tournament_events.rs).
tournament-director-time-warning = В партии №{ $game } у участника { $player } до поражения по времени { $days ->
    [one] остался { $days } день
    [few] осталось { $days } дня
   *[other] осталось { $days } дней
}: контрольный срок { $deadline }.
tournament-director-silence = Участник { $player } не делает ход в партии №{ $game } уже { $days ->
    [one] { $days } день
    [few] { $days } дня
   *[other] { $days } дней
} по часам; контрольный срок { $deadline }.
tournament-director-withdrawal = Участник { $player } выбыл из турнира «{ $tournament }» ({ $reason }): { $games ->
    [0] неоконченных партий нет
    [one] { $games } неоконченная партия засчитана как неявка
    [few] { $games } неоконченные партии засчитаны как неявка
   *[other] { $games } неоконченных партий засчитаны как неявка
}.
# FEN шашек или столбовых шашек, отклонённый при расстановке партии (src/words/setup.rs).
# $fen — FEN, как он дан, в кавычках; $why — одна из причин setup-syntax-.
setup-draughts-unreadable = не удалось прочитать FEN { $fen }: { $why }
# $why — причина move-square-.
setup-draughts-square = поле в FEN: { $why }
# $why — причина setup-composition-.
setup-draughts-tower = башня в FEN: { $why }
# $why — причина setup-placement-.
setup-draughts-illegal = FEN — не допустимая позиция: { $why }
setup-syntax-no-side-to-move = первым должно стоять W или B — сторона, чей ход
# $list — W или B.
setup-syntax-list-twice = список { $list } дан дважды
setup-syntax-no-list = в нём нет ни списка W, ни списка B
setup-syntax-not-draughts = игра «{ $variant }» — не из семейства шашек
setup-syntax-tower-in-draughts = { $item } — башня, а в игре «{ $variant }» башен нет
setup-syntax-square-twice = поле { $square } указано дважды
setup-syntax-not-a-range = { $item } — ни поле, ни диапазон номеров полей
setup-syntax-range-backwards = диапазон { $first }-{ $last } идёт от большего номера к меньшему: пишите { $last }-{ $first }
setup-syntax-unclosed = { $item }: скобка ( не закрыта
setup-syntax-king-over-man = { $item }: K обозначает дамку, но наверху башни простая
setup-composition-no-owner-piece = в составе башни { $text } наверху нет шашки её владельца
setup-composition-bad-character = в составе башни { $text } есть знак { $char }, а допустимы только 0, 1 и /
setup-composition-two-slashes = в составе башни { $text } больше одной черты /
setup-composition-too-high = в составе башни { $text } больше { $most } { $most ->
    [one] шашки
   *[other] шашек
  }
setup-placement-off-board = поле вне доски
setup-placement-both-sides = поле { $square } есть и в списке белых, и в списке чёрных
setup-placement-empty-tower = в башне на { $square } нет ни одной шашки
setup-placement-king-on-empty-square = дамка отмечена на { $square }, где нет шашки
setup-placement-man-on-promotion-rank = { $side }: простая на { $square } стоит на поле превращения — она была бы дамкой
setup-placement-too-many-pieces = { $side }: { $count } { $count ->
    [one] шашка
    [few] шашки
    [many] шашек
   *[other] шашки
  } — больше, чем { $most } в начале партии
setup-placement-not-towers = игра «{ $variant }» — не столбовые шашки
# Партия файла записей, которую нельзя воспроизвести, на консоли проверки записей (src/words/records.rs).
records-unsupported-game-type = тип игры { $game_type } не поддерживается
# $number — номер хода с точками (12. или 12...); $readings — тексты records-numbering-reading через records-numbering-or.
records-ambiguous-numbering = нумерация полей неоднозначна: запись воспроизводится целиком в { $count ->
    [one] { $count } нумерации
   *[other] { $count } нумерациях
  } полей; ход { $number } { $written } читается как { $readings }
records-numbering-reading = { $move } (поле 1 { $numbering }, от позиции { $fen })
records-numbering-top-left = в левом верхнем углу (b8)
records-numbering-bottom-left = в левом нижнем углу (a1)
records-numbering-or = или
# Квитанции ходов (src/words/receipts.rs): подтверждение хода, `zaochka verify`.
receipt-confirmation = Квитанция этого хода: { $hash } (во вложении: { $file }; её может проверить кто угодно по открытому ключу сервера).
receipt-verify-holds = Партия { $game }: всё верно, { $plies ->
    [one] { $plies } полуход
    [few] { $plies } полухода
   *[other] { $plies } полуходов
}, у каждого своя квитанция, подписанная ключом { $key }.
receipt-verify-start-fails = Запись не сходится уже в начале: { $why }.
receipt-verify-fails = Запись не сходится на полуходе { $ply }: { $why }.
receipt-verify-no-games = В файле { $file } нет записи партии.
receipt-verify-bad-key = Открытый ключ не читается: дайте его в том виде, в каком его печатает сервер.
receipt-fault-no-start = в записи нет квитанций (нет тега начала цепочки)
receipt-fault-start-altered = начальная позиция записи не та, с которой начинаются квитанции
receipt-fault-no-receipt = у полухода нет квитанции
receipt-fault-bad-signature = подпись квитанции не сходится с ключом сервера
receipt-fault-other-game = на его месте квитанция другой партии (партии { $game })
receipt-fault-reordered = на его месте квитанция полухода { $found }: полуходы переставлены
receipt-fault-missing = полуход пропущен (на его месте квитанция полухода { $found })
receipt-fault-broken-chain = квитанция не продолжает предыдущую
receipt-fault-altered-move = ход не тот, что подписан ({ $signed })
receipt-fault-altered-time = время не то, что подписано ({ $signed })
receipt-verify-holds-no-ply = Партия { $game }: всё верно, ни одного хода не сделано; подпись ключом { $key }.
receipt-verify-sealed-end = Подписанный конец партии сходится: { $result }, { $how }; игроки и результат в тегах записи те, что подписаны.
receipt-verify-sealed-end-bare = Подписанный конец партии сходится: { $result }; игроки и результат в тегах записи те, что подписаны.
receipt-verify-sealed-head = Подписанный заголовок выгрузки сходится: партия стояла на этом полуходе { $at }, игроки в тегах записи те, что подписаны.
receipt-verify-unsealed = В записи нет подписанного конца партии или заголовка выгрузки (она сделана раньше, чем они появились): она не доказывает ни имён игроков, ни результата в тегах, ни того, что после последнего полухода ничего не удалено.
receipt-verify-tag-fails = Запись не сходится в { $tag }: { $why }.
receipt-verify-seal-fails = Запись не сходится в подписанном конце партии или заголовке выгрузки: { $why }.
receipt-verify-round = тур { $round }
receipt-verify-game-number = партия №{ $game }
receipt-tag-event = теге турнира
receipt-tag-round = теге тура
receipt-tag-white = теге имени белых
receipt-tag-black = теге имени чёрных
receipt-tag-result = теге результата
receipt-fault-no-time = у полухода нет отметки времени, чтобы сверить её с квитанцией
receipt-fault-bad-seal = его нельзя прочесть или его подпись не сходится с ключом сервера
receipt-fault-no-seal = их нет, хотя запись партии, начатой так же, как эта, всегда их несёт: теги или последние полуходы могли быть изменены
receipt-fault-seal-other-game = он от другой партии (партии { $game })
receipt-fault-seal-off-chain = он не продолжает последнюю квитанцию записи
receipt-fault-removed-end = полуход пропущен: запись здесь кончается, а в подписанном конце партии полуходов { $sealed }
receipt-fault-removed-head = полуход пропущен: запись здесь кончается, а в подписанном заголовке выгрузки полуходов { $sealed }
receipt-fault-past-seal = полуход лишний: в подписанном конце партии или заголовке выгрузки полуходов { $sealed }
receipt-fault-altered-tag = значение не то, что подписано ({ $signed })
receipt-file-missing = { $file }: такого файла нет.
receipt-file-folder = { $file } — это папка, а не запись партии.
receipt-file-denied = { $file }: нет права читать этот файл.
receipt-file-unreadable = Файл { $file } не читается.
receipt-file-syntax = { $file }, строка { $line }: { $why }; это не запись партии в том виде, в каком её выгружает zaochka.
receipt-syntax-bad-tag = тег не вида [Имя "значение"] ({ $text })
receipt-syntax-unclosed-comment = комментарий не закрыт ({ $text })
receipt-syntax-unclosed-variation = вариант не закрыт ({ $text })
receipt-syntax-incomplete-move = ход не дописан ({ $text })
receipt-syntax-bad-move-number = номер хода не читается ({ $text })
receipt-syntax-bad-annotation = пометка к ходу не читается ({ $text })
receipt-syntax-unexpected = непонятный текст ({ $text })
## Ежедневная сводка и календарь игрока (src/words/digest.rs)
digest-on = Теперь вы будете получать одно письмо в день, в { $hour } ({ $zone }), со всеми партиями, где ваш ход, вместо письма на каждый ход. Предложения ничьей, заявления и окончания партий по-прежнему приходят сразу. Чтобы снова получать письмо на каждый ход, напишите «каждый ход».
digest-off = Теперь вы будете получать письмо на каждый ход соперников. Чтобы получать одно письмо в день, напишите «сводка» (или «сводка в 8» — час по вашему времени).
digest-subject = [zaochka] Ваш ход в { $count ->
    [one] { $count } партии
   *[other] { $count } партиях
} ({ $day })
digest-heading = Ваш ход в { $count ->
    [one] { $count } партии
   *[other] { $count } партиях
}.
digest-game = Партия №{ $game }: ход пишите на { $address }; контрольный срок — { $deadline }.
digest-game-no-deadline = Партия №{ $game }: ход пишите на { $address }.
digest-foot = У каждой партии свой адрес: ход пишите на него (ответ на это письмо хода не делает). Чтобы снова получать письмо на каждый ход, напишите «каждый ход».
calendar-deadline-mine = Срок хода: партия №{ $game } с соперником { $opponent }
calendar-deadline-theirs = Срок хода соперника { $opponent }: партия №{ $game }
calendar-deadline-mine-description = Вы играете { $side }. Если ваш ход не дойдёт до судьи к этому времени, вам будет засчитано поражение по времени. Ход пишите на { $address }.
calendar-deadline-theirs-description = Соперник, играющий { $side }, должен сделать ход к этому времени.
calendar-side-white = белыми
calendar-side-black = чёрными
calendar-leave = Отпуск (zaochka)
calendar-leave-description = Во время отпуска ваши часы стоят.
calendar-period-end = Конец игрового периода: { $tournament }
calendar-period-end-description = Партии, не оконченные к этому времени, идут на присуждение.
calendar-name = zaochka: { $player }
calendar-attached = Ваш календарь — во вложении ({ $file }, событий: { $count }): ваши контрольные сроки, сроки соперников, отпуск и концы игровых периодов, по вашему времени. Повторный импорт обновит те же события.

# A new Xfcc password asked for by mail (src/words/xfcc.rs, docs/xfcc.md).
xfcc-password-mail = Ваш новый пароль Xfcc: { $password }

    Настольные программы для заочной игры (Scid и другие) входят с вашим зарегистрированным адресом и этим паролем. Он заменяет прежний; хранится только его хеш, поэтому сохраните это письмо или попросите новый («пароль xfcc»).
# A crosstable's entry ratings (src/words/tournament.rs): the unrated mark and the average line.
tournament-legend-unrated = — без рейтинга
tournament-average-rating = Средний рейтинг { $rating } ({ $rated ->
    [one] { $rated } участник с рейтингом
    [few] { $rated } участника с рейтингом
   *[other] { $rated } участников с рейтингом
}), категория { $category }
tournament-average-rating-no-category = Средний рейтинг { $rating } ({ $rated ->
    [one] { $rated } участник с рейтингом
    [few] { $rated } участника с рейтингом
   *[other] { $rated } участников с рейтингом
}), без категории (2250 и ниже)
# More of a tournament's settings as `tournament show` prints them (src/words/tournament_settings.rs).
settings-bulletins-every = Бюллетени: после { $games ->
    [one] каждой оконченной партии
   *[other] каждых { $games } оконченных партий
} и заключительный
settings-bulletins-none = Бюллетени: только когда их рассылает судья
settings-director-warnings = Предупреждения судьям: за { $days } дн. до поражения по времени
settings-director-warnings-none = Предупреждения судьям перед поражением по времени: нет
settings-director-silence = Предупреждения судьям о молчании на ходу: через { $days } дн.
settings-director-silence-none = Предупреждения судьям о молчании на ходу: нет
settings-rated = Рейтинг: партии учитываются в рейтинг-листе
settings-unrated = Рейтинг: без обсчёта, партии не учитываются в рейтинг-листах
# A claim refused for what the adjudication has come to (src/words/referee.rs).
refusal-claim-awaiting-ruling = заявки по партии №{ $game } закрыты: они расходятся, и партия ждёт решения судьи
refusal-claim-adjudication-over = присуждение партии №{ $game } закончено: результат партии уже есть
# A game's first mail: the players' ratings on the list in force (src/words/help.rs).
invitation-ratings = Рейтинги: ваш — { $yours }, соперника — { $opponent }.
invitation-rating-unrated = без рейтинга
# A crosstable's legend: the signs after a result lost on time and after one decided at adjudication.
tournament-legend-time = ⏱ поражение (победа) по времени
tournament-legend-adjudicated = ⚖ результат присуждён
# The Subject of every mail to a tournament's directors (one thread per tournament).
tournament-directors-subject = [zaochka] Турнир «{ $tournament }»: судьям
# To a tournament's directors: a mail to a player bounced and the player's clock stopped.
tournament-director-bounce = Письмо участнику { $player } ({ $address }) не доставлено: часы участника в партии №{ $game } остановлены, пока он не напишет снова. { $count ->
    [one] Неоконченная партия участника в турнире «{ $tournament }»: { $games }.
   *[other] Неоконченные партии участника в турнире «{ $tournament }»: { $games }.
}
# A published calendar's web address, below the calendar's answer (src/words/digest.rs).
calendar-published = Он же, всегда в свежем виде, лежит по адресу { $url }: программа-календарь может на него подписаться. Адрес знаете только вы.
# Участнику, который написал, что выбывает из турнира, или спросил, как выбыть (src/words/tournament_events.rs).
withdrawal-said = Вы написали, что выбываете из турнира. Пока ничего не изменено: выбывание меняет результаты, поэтому оно оформляется, только когда вы подтвердите его кодом (ниже).
withdrawal-asked = Выбывание из турнира оформляется, когда вы подтвердите его письмом с кодом (ниже), или его оформляет директор турнира.
withdrawal-in-none = Вы не играете ни в одном турнире, выбывать неоткуда.
# $tournament — название; $games — неоконченные партии участника; $rule — одно из withdrawal-rule-.
withdrawal-terms = Если вы выбудете из турнира «{ $tournament }»: { $games ->
    [0] неоконченных партий у вас там нет
    [one] ваша неоконченная партия ({ $games }) будет засчитана как неявка
   *[other] ваши неоконченные партии ({ $games }) будут засчитаны как неявка
}; { $rule }.
withdrawal-rule-fide = по Турнирным правилам ФИДЕ, если вы сыграли меньше половины партий, все ваши результаты исключаются из таблицы, иначе остаются в силе
withdrawal-rule-lss = по правилам LSS, если вы сыграли половину партий или меньше, все ваши партии засчитываются проигранными, иначе результаты остаются в силе
withdrawal-rule-fmjd = по правилам ФМЖД ваша сумма очков остаётся в силе, только если вы сыграли больше половины партий
# $directors — адреса директоров через запятую.
withdrawal-directors = Директора: { $directors }.

# Сводка, заказанная на час не от 0 до 23 (src/words/mail.rs).
mail-digest-hour = Сводка на «{ $hour }» не заказана: час должен быть от 0 до 23 (по вашему времени), например «сводка в 8». Ничего не изменено.
mail-digest-no-hour = Сводка не заказана: после «в» нет часа. Напишите час от 0 до 23 (по вашему времени), например «сводка в 8». Ничего не изменено.
## The referee's refusals (src/words/referee.rs)

# $why is the reader's own error (Russian).
start-refusal-setup = начальная позиция: { $why }
# $why (the reader's English error) is left out.
start-refusal-opening-unread = дебют «{ $text }» не читается как запись ходов
start-refusal-opening-move = ход дебюта «{ $text }» невозможен: { $why }
start-refusal-no-pieces = партия окончилась бы до первого хода: у { $side ->
    [white] белых
   *[black] чёрных
  } нет { $towers ->
    [yes] колонн
   *[no] шашек
  }
start-refusal-over = партия окончилась бы до первого хода: { $end }
refusal-unknown-game = партии №{ $game } нет
refusal-not-in-game = вы не играете в партии №{ $game }
refusal-unknown-player = { $player } не зарегистрирован
refusal-move-number-written = ход { $number }
refusal-wrong-move-number = вы написали { $written }, а сейчас { $due }
refusal-not-your-turn = сейчас не ваш ход
refusal-game-over = партия №{ $game } окончена: { $result }
refusal-game-annulled = партия №{ $game } аннулирована
refusal-game-not-active = партия №{ $game } сейчас { $status }
refusal-no-pending-offer = предложения ничьей нет
refusal-own-offer = это ваше предложение ничьей; ответить должен соперник
refusal-opponent-offered = соперник предложил ничью: ответьте «согласен» или «отказ» (или сделайте ход)
refusal-offer-right-used = ваше предложение ничьей было отклонено; снова предложить можно после предложения соперника
refusal-claim-not-on-turn = требовать ничью можно только в свой ход
refusal-not-referee = это может сделать только судья
refusal-own-game = вы играете в партии №{ $game } и не можете выносить по ней решения: это должен сделать другой судья турнира
refusal-no-game = строка не относится ни к одной вашей партии
refusal-rollback-beyond = в партии { $plies } { $plies ->
    [one] полуход
    [few] полухода
    [many] полуходов
   *[other] полухода
  }; вернуть её к полуходу { $to } нельзя
refusal-nothing-to-roll-back = в партии и так { $plies } { $plies ->
    [one] полуход
    [few] полухода
    [many] полуходов
   *[other] полухода
  }: откат к полуходу { $plies } ничего не отменил бы
refusal-result-stands = партия №{ $game } окончена, её результат остаётся в силе
refusal-cannot-seal = записать ход в конверт можно только в отложенной партии, и только тому, чей ход
refusal-already-sealed = ваш ход уже записан в конверт, а записанный ход изменить нельзя
refusal-too-many-days = { $days } { $days ->
    [one] день
    [few] дня
    [many] дней
   *[other] дня
  }: так много судья не может изменить на часах за один раз (не больше чем { $max } { $max ->
    [one] день
    [few] дня
    [many] дней
   *[other] дня
  })
refusal-no-reason = нужно указать причину
refusal-zero-days = число дней не может быть нулём
refusal-below-zero = у стороны «{ $side }» осталось { $left }: если снять { $days } { $days ->
    [one] день
    [few] дня
    [many] дней
   *[other] дня
  }, остаток станет меньше нуля (снять это время можно только принудительно, и тогда сторона проиграет по времени)
refusal-retired = { $player } выбыл из числа игроков, вносить его нельзя
refusal-no-time-control = у партии №{ $game } нет контроля времени
refusal-leave-overlaps-other = отпуск пересекается с отпуском игрока { $player } с { $first } по { $last }
refusal-leave-of = отпуск игрока { $player }: { $why }
refusal-fault = на сервере произошёл сбой; ничего не изменено, пришлите команду ещё раз позже
refusal-already-recorded = это письмо уже обработано
refusal-same-player = белыми и чёрными назван один и тот же игрок
refusal-not-player-of = { $player } не играет в партии №{ $game }
refusal-other-side-resigns = названа сдающейся не ваша сторона: сдаться можно только за себя
# $why (the replay's English error) is left out: the referee is told.
refusal-corrupt-game = партию №{ $game } не удаётся восстановить из базы данных; судья извещён
# $why (the database's English error) is left out.
refusal-database = ошибка базы данных; попробуйте позже
tournament-refusal-unknown = турнира «{ $tournament }» нет
tournament-refusal-bad-name = название турнира — одна строка видимых знаков, не длиннее { $max }
tournament-refusal-exists = турнир «{ $tournament }» уже есть
tournament-refusal-not-entered = вы не участвуете в турнире «{ $tournament }»
tournament-refusal-player-not-entered = { $player } не участвует в турнире «{ $tournament }»
tournament-refusal-none-entered = вы не участвуете ни в одном турнире
tournament-refusal-no-table = партия №{ $game } — партия турнира «{ $tournament }», но таблицу этого турнира бот не ведёт: она у судьи турнира
tournament-refusal-already-entered = { $player } уже участвует в турнире
tournament-refusal-started = партии турнира «{ $tournament }» уже созданы: состав и жеребьёвка не меняются
tournament-refusal-not-drawn = жеребьёвка номеров турнира «{ $tournament }» ещё не проведена
tournament-refusal-too-few = в группе { $section } участников: { $players }; для кругового турнира нужно не меньше двух
tournament-refusal-numbers-mismatch = в списке номеров группы { $section } каждый её участник должен быть ровно один раз
tournament-refusal-not-playing = { $player } уже выбыл из турнира
tournament-refusal-draw-offers-from = по положению о турнире ничью можно предлагать начиная с { $move }-го хода
tournament-refusal-frozen = срок игры истёк: партия №{ $game } передана на присуждение; пришлите заявку («требую победу», «требую ничью» или «признаю поражение») с анализом
tournament-refusal-no-adjudication = партия №{ $game } не передана на присуждение
tournament-refusal-ballot = список дебютов не годится: { $why }
tournament-refusal-no-drawing-table = список дебютов не годится: нет таблицы жеребьёвки дебютов «{ $table }»
tournament-refusal-not-in-period = турнир «{ $tournament }» сейчас не играется
tournament-refusal-no-claim = такой заявки по партии №{ $game } нет
tournament-refusal-which-claim = заявки по партии №{ $game } различаются: укажите, чью заявку (белых или чёрных)
tournament-refusal-not-director = вы не судья турнира «{ $tournament }»: менять турнир и выносить решения по его партиям могут только его судьи и администраторы
tournament-refusal-director-not-referee = { $player } не судья: судить турнир может только судья или администратор
tournament-refusal-already-director = { $player } уже судит этот турнир
tournament-refusal-not-a-director = { $player } не судит этот турнир
tournament-refusal-last-director = у турнира «{ $tournament }» не останется судьи: сначала добавьте другого
clock-refusal-not-running = сейчас не ход стороны «{ $side }»: её часы не идут
clock-refusal-late = ход получен после контрольного срока { $deadline }
clock-refusal-before-start = ход датирован раньше пуска часов ({ $started })
clock-refusal-no-clocks = у партии №{ $game } нет часов
clock-refusal-already-started = часы партии №{ $game } уже запущены

## A game's state (src/words/state.rs)

state-header = Партия №{ $game } - { $variant }: { $white } – { $black }
state-score-heading = Запись партии:
state-clocks-heading = Часы:
state-to-move = Ход { $number }: ходят { $side } ({ $mover }).
state-frozen = Срок игры в турнире истёк: партия ждёт присуждения результата; часы стоят, ход не ожидается.
state-annulled-by-referee = Партия аннулирована судьёй и не засчитывается.
state-paused = Партия приостановлена судьёй: часы стоят, ход не ожидается.
state-adjourned = Партия отложена: тот, чей ход, записывает ход в конверт (ответьте «записываю ход» и ход); его часы идут, пока ход не записан, затем часы обоих стоят до доигрывания.
state-in-progress = Партия продолжается.
state-over = Партия окончена.
state-annulled = Партия аннулирована.
status-active = идёт
status-paused = приостановлена
status-adjourned = отложена
status-finished = окончена
status-annulled = аннулирована
termination-resignation = { $side ->
    [white] белые
    [black] чёрные
   *[none] игрок
  } сдались
termination-no-moves = у { $side ->
    [white] белых
    [black] чёрных
   *[none] игрока
  } не осталось ходов
termination-no-pieces = у { $side ->
    [white] белых
    [black] чёрных
   *[none] игрока
  } не осталось шашек
termination-agreement = ничья по соглашению
termination-repetition = позиция повторилась трижды
termination-fivefold-repetition = позиция повторилась пять раз
termination-kings-only = ходили только дамки, без взятий, столько ходов, сколько требуют правила
termination-lone-king = одинокая дамка продержалась против сильнейшей стороны столько ходов, сколько требуют правила
termination-unchanged-material = соотношение сил не менялось столько ходов, сколько требуют правила
termination-fifty-moves = 50 ходов каждой стороны без взятий и ходов пешками
termination-seventy-five-moves = 75 ходов каждой стороны без взятий и ходов пешками
termination-draw-rule = одно из правил о ничьей (какое — не записано)
termination-adjudication = результат присуждён судьёй
termination-agreed-claims = оба участника заявили этот результат по окончании срока игры
termination-forfeit = { $side ->
    [white] белые
    [black] чёрные
   *[none] игрок
  } получили техническое поражение
termination-recorded = по записи партии
termination-sealed-move = записанный ход { $side ->
    [white] белых
    [black] чёрных
   *[none] игрока
  } невозможен или неясен
termination-time = { $side ->
    [white] белые
    [black] чёрные
   *[none] игрок
  } просрочили время
termination-checkmate = { $side ->
    [white] белые
    [black] чёрные
   *[none] игрок
  } получили мат
termination-stalemate = пат
termination-insufficient-material = ни у одной стороны нет материала для мата
state-finished = Партия окончена. { $result }: { $how }.
state-own-offer-waits = Ваше предложение ничьей ждёт ответа соперника.
state-offer-pending = { $side } предлагают ничью. { $answer }
state-clock-used = { $side }: израсходовано { $used }
state-clock-used-left = { $side }: израсходовано { $used }, осталось { $left }
state-clock-this-move = { $side }: на этот ход израсходовано { $move }, осталось { $left } (всего за партию израсходовано { $used })
state-clock-next-move = { $side }: на следующий ход { $left } (всего за партию израсходовано { $used })
state-time-control = Контроль времени: { $control }
state-move-due = срок хода: { $when }
state-clock-stopped = часы остановлены, срока нет
state-leave-left = Ваш отпуск: осталось { $days } дн. в этом году
state-next-reminder = следующее напоминание: { $reminder }
reminder-days-before-deadline = за { $days } { $days ->
    [one] день
    [few] дня
    [many] дней
   *[other] дня
  } до срока
reminder-hours-before-deadline = за { $hours } ч до срока
reminder-after-silence = после { $days } { $days ->
    [one] день
    [few] дня
    [many] дней
   *[other] дня
  } без хода
reminder-timeout-loss = контрольный срок: поражение по времени
reminder-timeout-report = контрольный срок: сообщение судье
state-your-games = Ваши партии:
state-no-games-yet = (партий пока нет)
piece-run-white-king = { $n ->
    [1] белая дамка
    [one] { $n } белая дамка
    [few] { $n } белые дамки
    [many] { $n } белых дамок
   *[other] { $n } белые дамки
  }
piece-run-white-man = { $n ->
    [1] белая простая
    [one] { $n } белая простая
    [few] { $n } белые простые
    [many] { $n } белых простых
   *[other] { $n } белые простые
  }
piece-run-black-king = { $n ->
    [1] чёрная дамка
    [one] { $n } чёрная дамка
    [few] { $n } чёрные дамки
    [many] { $n } чёрных дамок
   *[other] { $n } чёрные дамки
  }
piece-run-black-man = { $n ->
    [1] чёрная простая
    [one] { $n } чёрная простая
    [few] { $n } чёрные простые
    [many] { $n } чёрных простых
   *[other] { $n } чёрные простые
  }
tower-words = { $top }, { $own ->
    [1] под ней
   *[other] под ними
  }: { $under }
board-count-pieces = фигур { $n }
board-count-men = шашек { $n }
board-count-kings = дамок { $n }
board-count-towers = башен { $n }
board-no-pieces = фигур нет
board-side = { $side }: { $counts }
board-game-over = Партия окончена.
board-to-move = Ход { $side ->
    [white] белых
   *[black] чёрных
  }.
board-position = Позиция: { $sides }. { $turn }

## How the rules end a game (src/words/moves/ends.rs)

ends-kings = { $n ->
    [1] дамка
    [2] две дамки
    [3] три дамки
    [one] { $n } дамка
    [few] { $n } дамки
    [many] { $n } дамок
   *[other] { $n } дамки
  }
ends-men = { $n ->
    [1] простая
    [2] две простые
    [3] три простые
    [one] { $n } простая
    [few] { $n } простые
    [many] { $n } простых
   *[other] { $n } простые
  }
ends-or-more = { $pieces } или больше
ends-and = { $first } и { $second }
ends-pieces = { $n ->
    [2] две фигуры
    [3] три фигуры
    [one] { $n } фигура
    [few] { $n } фигуры
    [many] { $n } фигур
   *[other] { $n } фигуры
  }
ends-either = { $list } или { $last }
ends-moves-of-stronger-side = { $moves } { $moves ->
    [one] ход
    [few] хода
    [many] ходов
   *[other] хода
  } сильнейшей стороны
ends-moves-of-each-side = { $moves } { $moves ->
    [one] ход
    [few] хода
    [many] ходов
   *[other] хода
  } каждой стороны
ends-lone-king-main-road = { $strong } против одинокой дамки на большой дороге: нет выигрыша за { $counted }
ends-lone-king = { $strong } против одинокой дамки: нет выигрыша за { $counted }
ends-unchanged-material = у обеих сторон дамки, { $lo }-{ $hi } фигур, соотношение сил не менялось { $moves } { $moves ->
    [one] ход
    [few] хода
    [many] ходов
   *[other] хода
  }
ends-kings-only = { $moves } { $moves ->
    [one] ход
    [few] хода
    [many] ходов
   *[other] хода
  } делались только дамками, без взятий
ends-material-table-cell = { $moves } { $moves ->
    [one] ход
    [few] хода
    [many] ходов
   *[other] хода
  } при { $lo }-{ $hi } фигурах
ends-material-table = у обеих сторон дамки, и соотношение сил не менялось { $cells }
end-no-pieces = у стороны, чей ход, не осталось шашек
end-no-towers = у стороны, чей ход, не осталось башен
end-no-moves = у стороны, чей ход, нет ходов
end-checkmate = мат: королю объявлен шах, и от него нет защиты
end-stalemate = пат: король не под шахом, а сделать ход нельзя
end-dead-position = мёртвая позиция: ни одна сторона не может поставить мат оставшимися фигурами
end-fivefold-repetition = одна и та же позиция возникла пять раз
end-seventy-five-moves = 75 ходов каждой стороны без хода пешкой и без взятия
result-white-won = Белые выиграли
result-black-won = Чёрные выиграли
result-draw = Ничья
ends-game-over = Партия окончена: { $rule }. { $result }.
claim-rule-repetition = одна и та же позиция при той же очереди хода повторилась три раза
claim-rule-fifty-moves = последние 50 ходов каждой стороны сделаны без хода пешкой и без взятия
claim-rule-unchanged-material = за последние { $moves } ходов материальное соотношение сил (количество башен и их состав) не изменилось
ends-times = { $n } { $n ->
    [few] раза
   *[other] раз
  }
claim-fails = позиция встречалась { $times }; для ничьей нужна трижды повторившаяся позиция при той же очереди хода ({ $citation }), другие основания не выполнены
days-count = { $days } { $days ->
    [one] день
    [few] дня
    [many] дней
   *[other] дня
  }
# Выбывание участника по его письму (src/words/tournament_events.rs): строка подтверждения под условиями каждого турнира.
# $code — восемь цифр; $until — последний день, когда код принимается.
withdrawal-confirm = Чтобы выбыть из турнира «{ $tournament }», ответьте на это письмо строкой: подтверждаю выход { $code } (код действует по { $until } включительно).
# Ответы на подтверждение выбывания.
withdrawal-made = Вы выбыли из турнира «{ $tournament }»: { $games ->
    [0] неоконченных партий у вас там не было
    [one] ваша неоконченная партия засчитана как неявка
    [few] ваши { $games } неоконченные партии засчитаны как неявка
   *[other] ваши { $games } неоконченных партий засчитаны как неявка
}. Директорам турнира сообщено.
withdrawal-already = Вы уже выбыли из турнира «{ $tournament }»: больше ничего не изменено.
withdrawal-over = Вы больше не играете в турнире «{ $tournament }»: ничего не изменено.
withdrawal-expired = Срок кода для турнира «{ $tournament }» истёк: ничего не изменено. Чтобы получить новый, напишите «выхожу из турнира».
withdrawal-no-code = В подтверждении выбывания нет кода: ничего не изменено. Ответьте на письмо с условиями строкой, которую оно даёт («подтверждаю выход» и восемь цифр кода).
withdrawal-wrong-code = Этот код не подтверждает ни одного вашего выбывания: ничего не изменено. Проверьте код в письме с условиями или напишите «выхожу из турнира», чтобы получить новый.
# Всем директорам турнира: участник выбыл по своему письму, подтверждённому кодом.
tournament-player-withdrew = Участник { $player } ({ $address }) выбыл из турнира «{ $tournament }» по своему письму, подтверждённому кодом: { $games ->
    [0] неоконченных партий нет
    [one] { $games } неоконченная партия засчитана как неявка
    [few] { $games } неоконченные партии засчитаны как неявка
   *[other] { $games } неоконченных партий засчитаны как неявка
}.
# Слова, которые игрок прислал с ходом из программы (Xfcc), перед ними, в цитате (src/words/xfcc.rs). $name — игрок; $side — Белые или Чёрные.
xfcc-players-message = { $side } ({ $name }) прислали с ходом такие слова; это слова самого игрока, судья их не проверяет и на них не отвечает:
# Настройка турнира, показывается, только если задана (src/words/tournament_settings.rs).
settings-no-moves-on-leave = Ходы во время отпуска: не принимаются (сначала прервите отпуск)
# Сводка событий турнира для директора, раз в день (src/words/tournament_events.rs).
# $day — день по времени директора; $events — сколько в ней событий.
director-digest-head = Сводка турнира «{ $tournament }» за { $day }: { $events ->
    [one] { $events } событие
    [few] { $events } события
   *[other] { $events } событий
} после прошлой сводки. Чтобы получать каждое событие сразу, ответьте «присылать сразу».
# Разделы сводки директора, каждый с командами для его событий.
director-digest-adjudications = Переданы на присуждение в турнире «{ $tournament }» (решение по заявкам — ответом вида «присудить №… 1-0» с «причина: ...»):
director-digest-rulings = Ждут вашего решения (ответьте, например, «присудить №… 1-0», «принять заявку №…» или «отклонить заявку №…», с «причина: ...»):
director-digest-late-claims = Заявки после срока (решение — ответом вида «присудить №… 1-0» с «причина: ...»):
director-digest-clock-warnings = Предупреждения о времени и молчании (добавить дни — «добавить №… белым 3 дня», остановить часы — «пауза №…», с «причина: ...»):
director-digest-bounces = Недоставленные письма (переслать партию — «переслать №… адрес» с «причина: ...»):
director-digest-withdrawals = Выбывшие из турнира «{ $tournament }»:
director-digest-finished = Окончание турнира «{ $tournament }»:
# Ответ директору, выбравшему, как получать события турнира.
# $hour — час сводки (08:00); $zone — часовой пояс директора.
director-mail-each = События турнира «{ $tournament }» будут приходить вам сразу, каждое отдельным письмом.
director-mail-digest = События турнира «{ $tournament }» будут приходить вам одной сводкой в день, в { $hour } по вашему времени ({ $zone }); в день без событий письма не будет. Чтобы получать каждое событие сразу, напишите «присылать сразу».
# Директор спросил, как получать события, не назвал турнир и не ведёт ни одного.
director-mail-no-tournament = вы не ведёте ни одного турнира: назовите турнир после слов
# zaochka backup отказал в месте назначения, ничего не записав (src/words/operator/backups.rs).
# $file — какой файл сервера: database, wal, shm, journal, key, commands, replay, went-back,
# lock или config.
backup-server-file = { $file ->
    [database] рабочая база данных
    [wal] журнал упреждающей записи рабочей базы данных
    [shm] индекс общей памяти рабочей базы данных
    [journal] журнал отката рабочей базы данных
    [key] ключ подписи сервера
    [commands] журнал команд оболочки
    [replay] отметка незавершённого повтора почты
    [went-back] запись о возврате к старой копии
    [lock] файл блокировки демона
   *[config] файл настроек
}
# $target — место назначения, как его назвали; $what — одно из backup-server-file; $path — этот файл;
# $key — имя копии ключа рядом с копией; $suggestion — что назвать вместо.
backup-refused-server-file = { $target } — это { $what } ({ $path }): резервная копия, записанная туда, уничтожила бы его. Ничего не записано. Назовите новый файл, не совпадающий с файлами сервера, например { $suggestion }
backup-refused-key-copy = ключ сервера копируется рядом с резервной копией под её именем с расширением `.key`, здесь { $key }, а это { $what } ({ $path }): копия ключа записалась бы поверх него. Ничего не записано. Назовите копию так, чтобы имя не совпадало ни с одним файлом сервера, например { $suggestion }
backup-refused-key-copy-is-backup = ключ сервера копируется рядом с резервной копией под её именем с расширением `.key`, а у { $target } это расширение уже есть: копия ключа записалась бы поверх самой резервной копии. Ничего не записано. Дайте копии расширение `.db`, например { $suggestion }
backup-refused-mail-folder = { $target } лежит в почтовой папке { $path }: демон прочёл бы копию со всеми ключами участников и ключом сервера рядом с ней как письмо (или отправил бы её). Ничего не записано. Выберите папку вне почтовых, например { $suggestion }
# `tournament directors list` at the console (src/words/operator/desk.rs): one line a director.
# $role — referee, admin (or player, when no longer a referee); $since — when they became a director (RFC 3339); $mail — each or digest.
tournament-directors-line = { $address } ({ $name }, { $role ->
    [admin] администратор
    [player] игрок
   *[referee] судья
}), с { $since }; письма: { $mail ->
    [digest] сводкой раз в день
   *[each] о каждом событии сразу
}
# `tournament directors list` when the tournament has none: every referee and admin directs it.
tournament-directors-none = У турнира «{ $tournament }» нет своих судей: его ведут все судьи и администраторы.
