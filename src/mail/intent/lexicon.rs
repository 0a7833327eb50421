//! The English and Russian words of commands, the lead words before them and
//! the filler a bare command clause may hold.

use super::tokens::core_lower;

/// Whether a word (any case, punctuation around it allowed) is a command word.
#[must_use]
pub fn is_command_word(word: &str) -> bool {
    let w = core_lower(word);
    [
        ACCEPT, DECLINE, RESIGN, CLAIM, OFFER, DRAW, STATUS, HISTORY, HELP, LEAVE, BULLETINS,
        DIGEST, CALENDAR, XFCC,
    ]
    .iter()
    .any(|set| set.contains(&w.as_str()))
        || crate::mail::ask_words::is_query_word(&w)
}

pub(super) const ACCEPT: &[&str] = &[
    "accept",
    "accepted",
    "accepting",
    "agree",
    "agreed",
    "согласен",
    "согласна",
    "согласны",
    "принимаю",
    "принято",
    "принята",
    "принимается",
];
pub(super) const DECLINE: &[&str] = &[
    "decline",
    "declined",
    "declining",
    "reject",
    "rejected",
    "refuse",
    "refused",
    "отказ",
    "отказываюсь",
    "отклоняю",
    "отклонено",
    "отклоняется",
];
pub(super) const RESIGN: &[&str] = &[
    "resign",
    "resigned",
    "resigning",
    "resigns",
    "сдаюсь",
    "сдался",
    "сдалась",
];
pub(super) const CLAIM: &[&str] = &["claim", "claiming", "требую", "заявляю"];
pub(super) const OFFER: &[&str] = &[
    "offer",
    "offering",
    "propose",
    "proposing",
    "suggest",
    "предлагаю",
];
pub(super) const DRAW: &[&str] = &[
    "draw",
    "ничья",
    "ничью",
    "ничьей",
    "ничьи",
    "remis",
    "ремиз",
    "вничью",
    "ничейку",
];
pub(super) const STATUS: &[&str] = &["status", "статус"];
pub(super) const STANDINGS: &[&str] = &[
    "standings",
    "crosstable",
    "таблица",
    "таблицу",
    "турнирная",
    "турнирную",
];
/// Tournament bulletins: `бюллетени`, `bulletins` (asked for again) and,
/// after a word of [`BULLETINS_OFF`], none (`без бюллетеней`, `no bulletins`).
pub(super) const BULLETINS: &[&str] = &[
    "bulletins",
    "bulletin",
    "бюллетени",
    "бюллетеней",
    "бюллетень",
    "бюллетеня",
];
/// The daily digest of the games where it is the player's move: `сводка`,
/// `digest`, optionally with an hour after a word of [`AT_HOUR`].
pub(super) const DIGEST: &[&str] = &["digest", "сводка", "сводку", "сводки"];
/// The words before the hour of the digest: `сводка в 8`, `digest at 8`.
pub(super) const AT_HOUR: &[&str] = &["at", "в", "к"];
/// A mail for every move again: `каждый ход`, `every move` (the first word,
/// then a word of [`MOVE_NOUNS`]).
pub(super) const EVERY: &[&str] = &["every", "each", "каждый", "каждом"];
/// The nouns after [`EVERY`]: `ход`, `move`.
pub(super) const MOVE_NOUNS: &[&str] = &["move", "ход", "ходе"];
/// The player's calendar of deadlines: `календарь`, `calendar`.
pub(super) const CALENDAR: &[&str] = &["calendar", "календарь", "ics"];
/// A new Xfcc password asked for: a word of [`XFCC`] with one of
/// [`PASSWORD`] (`пароль xfcc`, `xfcc password`).
pub(super) const XFCC: &[&str] = &["xfcc"];
/// See [`XFCC`].
pub(super) const PASSWORD: &[&str] = &["password", "пароль", "пароля"];
/// The words before [`BULLETINS`] that ask for none.
pub(super) const BULLETINS_OFF: &[&str] = &["без", "не", "нет", "no", "stop", "without"];
pub(super) const WIN: &[&str] = &["win", "победу", "победа", "выигрыш"];
pub(super) const LOSS: &[&str] = &["loss", "defeat", "поражение", "проигрыш"];
pub(super) const ADMIT: &[&str] = &["признаю", "accept"];
pub(super) const HISTORY: &[&str] = &["history", "история", "историю"];
pub(super) const HELP: &[&str] = &["help", "помощь", "справка"];
pub(super) const LEAVE: &[&str] = &["leave", "vacation", "holiday", "holidays", "отпуск"];
pub(super) const NEGATIONS: &[&str] = &[
    "не",
    "ни",
    "нет",
    "неа",
    "без",
    "никогда",
    "no",
    "not",
    "never",
    "without",
    "nope",
    "dont",
    "cant",
    "wont",
    "cannot",
    "вряд",
];
/// Words that make a clause a condition (`если вы предложите ничью`).
pub(super) const CONDITION: &[&str] = &[
    "если",
    "коли",
    "когда",
    "иначе",
    "if",
    "unless",
    "when",
    "whenever",
    "otherwise",
    "should",
];
/// Words that make a clause a hypothesis (`я бы предложил ничью`).
pub(super) const HYPOTHESIS: &[&str] = &["бы", "б", "would", "could", "might", "wouldn't", "i'd"];
/// A condition clause that only asks politely (`если вы не против,
/// предлагаю ничью`): the act beside it stands.
pub(super) const POLITE: &[&str] = &[
    "против",
    "возражаете",
    "возражений",
    "угодно",
    "хотите",
    "устраивает",
    "mind",
    "like",
    "wish",
    "okay",
    "ok",
    "please",
    "all",
    "right",
    "alright",
    "convenient",
    "удобно",
    "agreeable",
];
/// Words that hedge a bare draw (`может, ничья`, `I think it's a draw`).
pub(super) const HEDGE: &[&str] = &[
    "может",
    "возможно",
    "наверное",
    "наверно",
    "думаю",
    "кажется",
    "похоже",
    "видимо",
    "вероятно",
    "скорее",
    "maybe",
    "perhaps",
    "probably",
    "think",
    "guess",
    "seems",
    "looks",
    "likely",
    "heading",
    "рано",
    "early",
    "говорить",
    "talk",
    "talking",
    "обсуждать",
    "discuss",
];
/// Verbs that report someone's words (`he said draw`, `вы написали`).
pub(super) const REPORTING: &[&str] = &[
    "said",
    "says",
    "say",
    "wrote",
    "writes",
    "asked",
    "asks",
    "told",
    "mentioned",
    "thought",
    "сказал",
    "сказала",
    "сказали",
    "говорит",
    "говорил",
    "говорила",
    "говорили",
    "говорите",
    "написал",
    "написала",
    "написали",
    "пишет",
    "пишете",
    "спросил",
    "спросила",
    "спросили",
    "спрашивал",
    "спрашиваете",
    "думал",
    "думала",
    "советует",
    "советовал",
    "советуют",
    "recommends",
    "advises",
    "advised",
];
/// A subject other than the writer, right before a verb (`вы согласны`,
/// `he resigned`).
pub(super) const OTHER_PERSON: &[&str] = &[
    "вы",
    "ты",
    "он",
    "она",
    "они",
    "you",
    "he",
    "she",
    "they",
    "соперник",
    "соперница",
    "партнёр",
    "партнер",
    "opponent",
];
/// Words of the past or of another game (`в прошлой партии`, `yesterday`).
pub(super) const PAST: &[&str] = &[
    "вчера",
    "раньше",
    "прошлой",
    "прошлом",
    "прошлый",
    "прошлую",
    "другой",
    "другом",
    "другую",
    "предыдущей",
    "назад",
    "был",
    "была",
    "было",
    "были",
    "yesterday",
    "earlier",
    "ago",
    "last",
    "previous",
    "another",
    "other",
    "was",
    "were",
    "had",
];
/// Words that say the act is a joke.
pub(super) const JOKE: &[&str] = &[
    "шучу",
    "шутка",
    "шутку",
    "шутки",
    "пошутил",
    "пошутила",
    "kidding",
    "joking",
    "joke",
    "jk",
    "шутить",
    "шутите",
    "шутим",
];
/// A clause that refuses: `нет`, `no way`, `ни за что`.
pub(super) const REFUSAL: &[&str] = &[
    "нет",
    "неа",
    "ни",
    "за",
    "что",
    "отнюдь",
    "ни-за-что",
    "no",
    "nope",
    "way",
    "never",
    "not",
    "chance",
    "уж",
    "конечно",
    "of",
    "course",
];
/// Words a refusal clause may hold besides the refusal (`нет, спасибо`).
pub(super) const THANKS: &[&str] = &[
    "спасибо",
    "благодарю",
    "thanks",
    "thank",
    "you",
    "за",
    "партию",
    "for",
    "the",
    "game",
    "на",
    "the",
    "a",
    "draw",
    "ничью",
    "ничья",
    "предложение",
    "offer",
    "your",
    "ваше",
    "вашу",
    "ваш",
    "my",
    "мою",
    "с",
    "благодарностью",
    "пожалуй",
    "тогда",
    "so",
    "then",
    "all",
    "right",
    "ладно",
    "хорошо",
    "fine",
    "good",
    "гм",
    "эх",
    "увы",
    "alas",
];
/// Words that only tag a question (`Сдаюсь, что ли?`, `draw, right?`).
pub(super) const TAG: &[&str] = &[
    "да",
    "нет",
    "ли",
    "что",
    "ладно",
    "верно",
    "правда",
    "ага",
    "или",
    "как",
    "ok",
    "okay",
    "right",
    "yes",
    "no",
    "eh",
    "or",
    "what",
    "so",
    "then",
];
/// The noun of an offer (`предложение ничьей`, `your draw offer`).
pub(super) const OFFER_NOUN: &[&str] = &["предложение", "предложения", "предложению", "offer"];
/// Phrases that say the game goes on.
pub(super) const CONTINUE: &[&str] = &[
    "играем дальше",
    "играем",
    "продолжаем",
    "продолжим",
    "продолжаю",
    "игра продолжается",
    "борьба продолжается",
    "play on",
    "keep playing",
    "continue",
    "continuing",
    "let's play on",
    "fight on",
];

/// Words skipped before a command word at the start of a clause.
pub(super) const LEAD: &[&str] = &[
    "i",
    "я",
    "ok",
    "okay",
    "ок",
    "ну",
    "итак",
    "тогда",
    "well",
    "so",
    "then",
    "and",
    "и",
    "also",
    "также",
    "а",
    "please",
    "пожалуйста",
    "yes",
    "да",
    "hereby",
    "hi",
    "hello",
    "привет",
    "здравствуйте",
    "+",
    "&",
];

/// Words a clause may hold besides moves and command words and still count as
/// a bare command clause.
pub(super) const FILLER: &[&str] = &[
    "my",
    "move",
    "moves",
    "is",
    "play",
    "i'll",
    "now",
    "a",
    "the",
    "here",
    "here's",
    "it",
    "on",
    "to",
    "with",
    "мой",
    "моя",
    "ход",
    "ходом",
    "хожу",
    "играю",
    "вот",
    "так",
    "на",
    "от",
    "с",
    "-",
    "—",
    "–",
];

/// Verbs that make a short move in a sentence the player's move (`I'll play
/// cd4 this time`, `пойду cd4`).
pub(super) const MOVE_VERBS: &[&str] = &[
    "play",
    "playing",
    "go",
    "going",
    "move",
    "moving",
    "reply",
    "answer",
    "respond",
    "choose",
    "pick",
    "picking",
    "ход",
    "хожу",
    "играю",
    "отвечаю",
    "пойду",
    "сыграю",
    "делаю",
    "сделаю",
    "ходом",
    "выбираю",
    "иду",
    "выбрал",
    "выбрала",
    "решил",
    "решила",
    "ответ",
    "ответом",
];
/// Possessives that make a move someone else's (`your cd4`, `ваш ход c3-d4`).
pub(super) const POSSESSIVE_OTHER: &[&str] = &[
    "your",
    "yours",
    "his",
    "her",
    "their",
    "opponent's",
    "ваш",
    "ваша",
    "ваше",
    "вашего",
    "вашим",
    "вашему",
    "вашей",
    "твой",
    "твоя",
    "твоего",
    "твоим",
    "соперника",
    "его",
    "её",
];
/// Words of a wish or a resolve that make the act after them performative
/// (`хочу предложить ничью`, `I'd like to offer a draw`, `вынужден
/// сдаться`).
pub(super) const WISH: &[&str] = &[
    "хочу",
    "хотел",
    "хотела",
    "хотелось",
    "позвольте",
    "разрешите",
    "вынужден",
    "вынуждена",
    "решил",
    "решила",
    "должен",
    "должна",
    "like",
    "want",
    "wish",
    "must",
    "decided",
    "going",
    "hereby",
];
/// The first-person verbs that withdraw from a tournament when a word of
/// [`TOURNAMENT`] follows (`выбываю из турнира`, `I withdraw from the
/// tournament`).
pub(super) const WITHDRAWING: &[&str] = &[
    "выбываю",
    "снимаюсь",
    "выхожу",
    "ухожу",
    "withdraw",
    "withdrawing",
    "retire",
    "retiring",
];
/// The words that only talk about a withdrawal (an infinitive, a noun): a
/// question with one of them asks how to withdraw (`можно ли выйти из
/// турнира?`, `how do I withdraw from the tournament?`).
pub(super) const WITHDRAWAL_WORDS: &[&str] = &[
    "выбыть",
    "выбывание",
    "выбывании",
    "выбытие",
    "выбытии",
    "сняться",
    "снятие",
    "снятии",
    "выйти",
    "выход",
    "выходе",
    "уйти",
    "withdrawal",
    "withdrawn",
    "leave",
    "quit",
];
/// The tournament named after a withdrawal word.
pub(super) const TOURNAMENT: &[&str] = &[
    "турнира",
    "турнир",
    "турнире",
    "соревнования",
    "tournament",
    "competition",
];
/// Words that ask a question at the head of a clause without a question
/// mark (`как выйти из турнира`, `how do I withdraw`).
pub(super) const ASKING_HOW: &[&str] = &[
    "как",
    "можно",
    "могу",
    "что",
    "how",
    "can",
    "could",
    "may",
    "what",
    "is",
    "do",
];
/// Words of a wish or a decision before the infinitive of a withdrawal: they
/// make it a statement (`хочу выйти из турнира`, `I want to quit the
/// tournament`).
pub(super) const WISHING: &[&str] = &[
    "хочу",
    "хотел",
    "хотела",
    "решил",
    "решила",
    "прошу",
    "вынужден",
    "вынуждена",
    "want",
    "wish",
    "decided",
    "must",
];
/// First-person words that confirm a withdrawal when a word of
/// [`WITHDRAWAL_NOUNS`] follows (`подтверждаю выход 12345678`, `I confirm my
/// withdrawal 12345678`).
pub(super) const CONFIRMING: &[&str] = &[
    "подтверждаю",
    "подтверждаем",
    "confirm",
    "confirming",
    "confirmed",
];
/// The nouns of a withdrawal that a confirmation names.
pub(super) const WITHDRAWAL_NOUNS: &[&str] =
    &["выход", "выбывание", "выбытие", "снятие", "withdrawal"];
