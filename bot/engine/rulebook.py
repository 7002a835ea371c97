"""The rules pages of a variant, built from the variant object itself.

``/taroky rules [topic]`` shows these pages.  Nothing here restates a rule: every page is
assembled from what the variant declares —

* its title, seat counts, pack and the order of the pips (the engine's own strength table);
* its contracts (``Variant.contracts``), their payments (``game_payments``) and who leads
  (``first_lead``);
* its options (``option_specs``: title, default, help) and doubling words
  (``double_words``, ``max_double``);
* how each part of a hand goes (``how_it_goes``) and how it is scored
  (``counting_rules``, ``scoring_rules``, ``valat_rule``, ``pool_rule``);
* its legality rules (``Variant.restrictions``), listed per phase under "What you may and
  may not do", so a rule the engine enforces appears on the page the moment it is written;
* its glossary (``Variant.glossary``: term -> (meaning, example)); each term is a topic.

Pages are plain Markdown of at most ``MAX_PAGE`` characters (a Discord message) and never
name a clarification id.  Pure: no Discord, no I/O.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from .actions import Action, Kind
from .cards import CARDS, PLAIN_SUITS, Suit
from .game import Phase
from .masks import NUM_TAROKY
from .restrictions import Restriction
from .variants import Variant

#: The longest page (Discord's message limit).
MAX_PAGE = 2000

#: Which page lists the legality rules of each phase.
PHASE_TOPIC: dict[Phase, str] = {
    Phase.RITUAL: "deal",
    Phase.THROW_IN: "deal",
    Phase.AUCTION: "auction",
    Phase.CALL: "call",
    Phase.TALON: "talon",
    Phase.SURRENDER: "talon",
    Phase.DISCARD: "discard",
    Phase.ANNOUNCE: "announcements",
    Phase.PLAY: "play",
}

#: The phase pages, in the order of a hand, with their titles.
PHASE_PAGES: dict[str, str] = {
    "deal": "The deal",
    "auction": "Bidding",
    "call": "Calling a partner",
    "talon": "The talon",
    "discard": "Discarding",
    "announcements": "Announcements and doubling",
    "play": "Playing the tricks",
}

#: Other words players use for a topic.
ALIASES: dict[str, str] = {
    "bidding": "auction",
    "bids": "auction",
    "contracts": "auction",
    "partner": "call",
    "calling": "call",
    "tricks": "play",
    "trick": "play",
    "lead": "play",
    "bonuses": "bonuses",
    "bonus": "bonuses",
    "doubling": "announcements",
    "doubles": "announcements",
    "points": "scoring",
    "payments": "scoring",
    "counting": "scoring",
    "money": "scoring",
    "terms": "glossary",
    "words": "glossary",
    "house rules": "options",
    "dealing": "deal",
}

_WHO = {"forehand": "forehand", "bidder": "the bidder"}


@dataclass(frozen=True, slots=True)
class Page:
    """One rules page: ``topic`` is what the player types, ``body`` Markdown."""

    topic: str
    title: str
    body: str

    @property
    def text(self) -> str:
        """The page as one message: its title in bold, then the body."""
        return f"**{self.title}**\n{self.body}"


def normalize(word: str) -> str:
    """A topic or term as typed: lower case, no accents, single spaces (``Sólo`` -> ``solo``)."""
    decomposed = unicodedata.normalize("NFKD", word.strip().lower())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(plain.replace("_", " ").split())


def _sentence(s: str) -> str:
    return s[:1].upper() + s[1:]


def _bullets(lines: list[str] | tuple[str, ...]) -> str:
    return "\n".join(f"• {line}" for line in lines)


def _join(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _bid_contracts(v: Variant) -> list[str]:
    """The names of the contracts that are bid, lowest first (not Varšava and the like,
    which are chosen rather than bid and carry a negative rank)."""
    return [c.name for c in sorted(v.contracts.values(), key=lambda c: c.rank) if c.rank >= 0]


def _title(v: Variant, name: str) -> str:
    return v.contracts[name].title


def pip_order(v: Variant) -> str:
    """How the suit cards rank, from the engine's strength table: ``K Q C J 1 2 3 4``."""
    out = []
    for suit in (Suit.HEARTS, Suit.SPADES):
        cards = [c for c in CARDS if c >= NUM_TAROKY and c.suit is suit]
        cards.sort(key=lambda c: -v.strength[c])
        out.append(" ".join(v.say(c)[:-1] for c in cards))
    return (f"In the red suits (hearts, diamonds) the cards rank {out[0]} from high to low; "
            f"in the black suits (spades, clubs) {out[1]} (K king, Q queen, C rider, J jack).")


def lead_rule(v: Variant) -> str:
    """Who leads to the first trick, from ``first_lead``."""
    default = v.first_lead.get("*", "forehand")
    rest = {n: who for n, who in v.first_lead.items() if n != "*" and n in v.contracts}
    text = f"{_sentence(_WHO[default])} leads to the first trick"
    if not rest:
        return text + "."
    by_who: dict[str, list[str]] = {}
    for n, who in rest.items():
        by_who.setdefault(who, []).append(_title(v, n))
    parts = [f"in {_join(titles)}, {_WHO[who]} leads" for who, titles in by_who.items()]
    return text + "; " + "; ".join(parts) + "."


def _restriction_lines(restrictions: Sequence[Restriction], topic: str) -> list[str]:
    seen: list[str] = []
    for r in restrictions:
        if PHASE_TOPIC.get(r.phase) == topic and r.rule not in seen:
            seen.append(r.rule)
    return seen


def _term_line(v: Variant, term: str) -> str:
    meaning, example = v.glossary[term]
    return f"{meaning}\n*Example:* {example}"


def _phase_page(v: Variant, topic: str, restrictions: Sequence[Restriction]) -> str:
    parts: list[str] = []
    term = next((t for t in v.glossary if normalize(t) == topic), None)
    if term is not None:
        parts.append(_term_line(v, term))
    how = list(v.how_it_goes.get(topic, ()))
    if topic == "auction":
        ladder = " < ".join(_title(v, n) for n in _bid_contracts(v))
        how.insert(0, f"The bids, lowest first: {ladder}.")
    elif topic == "discard":
        how.append("Discarded taroky are shown face up to everyone." if v.tarok_discards_face_up
                   else "Discards stay face down; only the number of taroky discarded is told.")
    elif topic == "announcements":
        words = v.double_words[1:v.max_double + 1]
        if words:
            how.append("Doubles: " + ", ".join(
                f"{w} (×{2 ** (i + 1)})" for i, w in enumerate(words)) + ".")
        else:
            how.append("Nothing is doubled.")
    elif topic == "play":
        how.insert(0, lead_rule(v) + " The winner of a trick leads to the next.")
        how.append(pip_order(v))
    if how:
        parts.append(_bullets(how))
    rules = _restriction_lines(restrictions, topic)
    if rules:
        parts.append("**What you may and may not do**\n" + _bullets(rules))
    return "\n".join(parts)


def _contract_lines(v: Variant) -> list[str]:
    out = []
    for c in sorted(v.contracts.values(), key=lambda c: (c.rank < 0, c.rank)):
        key = normalize(c.title)
        term = next((t for t in v.glossary if normalize(t) == key), None)
        meaning = v.glossary[term][0] if term is not None else ""
        out.append(f"**{c.title}** — {meaning}".rstrip(" —"))
    return out


def _overview(v: Variant, topics: list[str]) -> str:
    seats = " or ".join(str(n) for n in v.seat_counts)
    taroky = sum(1 for c in v.pack if c < NUM_TAROKY)
    suits = len(v.pack) - taroky
    money = {"czk_hal": "Czech crowns (Kč; 100 haléř)", "chips": "chips"}.get(v.currency,
                                                                              v.currency)
    lines = [
        f"Played by {seats} players with a {len(v.pack)}-card pack: {taroky} taroky (trumps) "
        f"and {suits} suit cards in {len(PLAIN_SUITS)} suits.",
        "Contracts: " + ", ".join(c.title for c in sorted(v.contracts.values(),
                                                           key=lambda c: (c.rank < 0, c.rank)))
        + ".",
        *v.counting_rules[1:2],
        f"Played for {money}.",
    ]
    return _bullets(lines) + "\nTopics: " + ", ".join(t for t in topics if t != "overview") + "."


def _scoring(v: Variant) -> str:
    parts = [_bullets(v.counting_rules)]
    pays = [f"**{c.title}** — {v.game_payments[c.name]}"
            for c in sorted(v.contracts.values(), key=lambda c: c.rank)
            if c.name in v.game_payments]
    if pays:
        parts.append("**The game pays**\n" + _bullets(pays))
    if v.valat_rule:
        parts.append(v.valat_rule)
    if v.session_start:
        parts.append(f"Each player starts a session with {v.session_start} {v.currency}.")
    return "\n".join(parts)


def _options(v: Variant) -> str:
    if not v.option_specs:
        return "This game has no table options."
    lines = []
    for o in v.option_specs:
        d = o.default
        default = ("on" if d else "off") if isinstance(d, bool) else str(d)
        line = f"**{o.title}** (`{o.key}`, default {default})"
        if o.choices is not None:
            line += ": " + " or ".join(str(c) for c in o.choices)
        elif o.bounds is not None:
            line += f": {o.bounds_text}"
        if o.help:
            line += f" — {o.help}"
        lines.append(line)
    return "Options the table chooses when it opens:\n" + _bullets(lines)


@cache
def pages(v: Variant) -> dict[str, Page]:
    """Every rules page of ``v`` by topic, in reading order: the overview, the phases of a
    hand, scoring, bonuses, the pool, options, the glossary, then one page per term."""
    return build_pages(v, v.restrictions)


def build_pages(v: Variant, restrictions: Sequence[Restriction]) -> dict[str, Page]:
    """The pages of ``v`` with these legality rules (``pages`` passes the variant's own;
    a test may pass others)."""
    out: dict[str, Page] = {}
    phase_topics = [t for t in PHASE_PAGES
                    if t in v.how_it_goes or _restriction_lines(restrictions, t) or t in
                    ("auction", "discard", "announcements", "play")]
    if not any(c.call for c in v.contracts.values()):
        phase_topics = [t for t in phase_topics if t != "call"]
    extra = ["scoring"]
    if v.scoring_rules:
        extra.append("bonuses")
    if v.pool_rule:
        extra.append("pool")
    extra += ["options", "glossary"]
    own_terms = [t for t in v.glossary if normalize(t) not in phase_topics
                 and normalize(t) not in extra]
    topics = ["overview", *phase_topics, *extra, *own_terms]
    out["overview"] = Page("overview", v.title, _overview(v, topics))
    for t in phase_topics:
        out[t] = Page(t, f"{PHASE_PAGES[t]} — {v.title}", _phase_page(v, t, restrictions))
    out["auction"] = Page("auction", out["auction"].title,
                          out["auction"].body + "\n**Contracts**\n"
                          + "\n".join(_contract_lines(v)))
    out["scoring"] = Page("scoring", f"Scoring — {v.title}", _scoring(v))
    if v.scoring_rules:
        out["bonuses"] = Page("bonuses", f"Bonuses and other payments — {v.title}",
                              _bullets(v.scoring_rules))
    if v.pool_rule:
        out["pool"] = Page("pool", f"The pool — {v.title}", v.pool_rule)
    out["options"] = Page("options", f"Table options — {v.title}", _options(v))
    out["glossary"] = Page("glossary", f"Terms — {v.title}",
                           "Each has its own page with an example: " + ", ".join(v.glossary)
                           + ".")
    for term in own_terms:
        out[term] = Page(term, f"{_sentence(term)} — {v.title}", _term_line(v, term))
    return out


def topics(v: Variant) -> list[str]:
    """The topics of ``v``'s pages, in reading order."""
    return list(pages(v))


def find_page(v: Variant, topic: str | None) -> Page | None:
    """The page for ``topic`` as a player types it (any case, with or without accents, an
    alias or a unique prefix); the overview for an empty topic; None if there is none."""
    book = pages(v)
    if not topic or not topic.strip():
        return book["overview"]
    index = {normalize(t): p for t, p in book.items()}
    key = normalize(topic)
    if key not in index:
        key = ALIASES.get(key, key)
    if key in index:
        return index[key]
    if key.endswith("s") and key[:-1] in index:
        return index[key[:-1]]
    starts = [t for t in index if t.startswith(key)]
    return index[starts[0]] if len(starts) == 1 else None


def page_text(v: Variant, topic: str | None) -> str:
    """The text for ``topic``, or a plain sentence listing the topics when there is no
    such page."""
    page = find_page(v, topic)
    if page is not None:
        return page.text[:MAX_PAGE]
    listing = ", ".join(topics(v))
    return f"There is no page about '{topic}' in {v.title}. Topics: {listing}."[:MAX_PAGE]


#: The glossary word for a choice that carries no name of its own, by kind.
KIND_TERMS: dict[Kind, tuple[str, ...]] = {
    Kind.PASS: ("pass",),
    Kind.HOLD: ("hold", "la mine"),
    Kind.CALL: ("call",),
    Kind.CALL_FOURTH_KING: ("fourth king", "call"),
    Kind.PLAY_ALONE: ("without a king", "alone"),
    Kind.VARSAVA: ("varšava",),
    Kind.SURRENDER: ("surrender",),
    Kind.PLAY_ON: ("play on",),
    Kind.DRAW: ("draw", "talon"),
    Kind.DECLINE: ("don't draw", "talon"),
    Kind.TAKE: ("talon group", "talon"),
    Kind.REJECT: ("talon group", "talon"),
    Kind.TAKE_BACK: ("take back", "talon group", "talon"),
    Kind.DISCARD: ("discard",),
    Kind.THROW_IN: ("throw in",),
    Kind.KEEP: ("throw in",),
    Kind.CUT: ("cut",),
    Kind.KNOCK: ("knock",),
    Kind.BATCH: ("batch",),
    Kind.DEAL_SIX_SIX: ("six-six",),
    Kind.DEAL_TWELVES: ("twelves",),
    Kind.DONE: ("pass",),
}


def glossary_term(v: Variant, word: str) -> str | None:
    """The glossary term ``word`` names (any case or accents, a parenthesis dropped, a
    plural), or None."""
    key = normalize(word.split(" (")[0])
    for t in v.glossary:
        if normalize(t) == key:
            return t
    if key.endswith("s"):
        return glossary_term(v, key[:-1]) if key[:-1] else None
    return None


def choice_term(v: Variant, a: Action, doubled: dict[str, int] | None = None) -> str | None:
    """The glossary term that explains choice ``a`` (a bid by its contract, an announcement
    or declaration by its name, a double by the word of the level it reaches, the other
    kinds by their word), or None for a card to play."""
    names: list[str] = []
    if a.kind is Kind.DOUBLE:
        level = (doubled or {}).get(str(a.value), 0) + 1
        if level < len(v.double_words):
            names.append(v.double_word(level))
        names.append("double")
    elif a.kind in (Kind.BID, Kind.ANNOUNCE, Kind.DECLARE):
        name = str(a.value)
        contract = v.contracts.get(name)
        names += [contract.title if contract is not None else v.title_of(name), name]
        names.append({Kind.BID: "bid", Kind.ANNOUNCE: "announce", Kind.DECLARE: "declare"}[a.kind])
    else:
        names += KIND_TERMS.get(a.kind, ())
    for n in names:
        term = glossary_term(v, n)
        if term is not None:
            return term
    return None


def choice_notes(v: Variant, choices: Sequence[Action], doubled: dict[str, int] | None = None,
                 label: Callable[[Action], str] | None = None) -> list[str]:
    """What each choice commits a player to, from the variant's glossary: one line per
    choice that has a term ("**Valát** — Taking every trick: Kč 7.00, or Kč 14.00 if
    announced."); cards to play have none."""
    out: list[str] = []
    seen: set[str] = set()
    for a in choices:
        name = (label or v.label)(a)
        paid = bonus_rule(v, a) if a.kind is Kind.ANNOUNCE else None
        if paid is not None:
            out.append(f"**{name}** — {paid}")
            continue
        term = choice_term(v, a, doubled)
        if term is None or term in seen:
            continue
        seen.add(term)
        called = "" if normalize(term) in normalize(name) else f" ({term})"
        out.append(f"**{name}**{called} — {v.glossary[term][0]}")
    return out


def bonus_rule(v: Variant, a: Action) -> str | None:
    """The scoring sentence of the bonus an announcement promises (what it pays, won or
    lost), from the variant's ``scoring_rules`` and ``valat_rule``; None if none names it."""
    key = normalize(v.title_of(str(a.value)))
    for line in (*v.scoring_rules, v.valat_rule):
        if line and normalize(line).startswith(key):
            return line
    return None


__all__ = [
    "ALIASES", "KIND_TERMS", "MAX_PAGE", "bonus_rule", "choice_notes", "choice_term", "glossary_term", "PHASE_PAGES", "PHASE_TOPIC", "Page", "build_pages", "find_page",
    "lead_rule",
    "normalize", "page_text", "pages", "pip_order", "topics",
]
