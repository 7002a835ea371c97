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

Pages are plain Markdown and never name a clarification id.  Every word is said in the
reader's language through ``t`` (``bot.engine.say``; English by default): the variant's
data strings verbatim (``tools.catalogs.rules_messages`` puts them in the catalog), its
glossary terms and contract titles as game terms, and the sentences composed here as
messages with named fields.  A page longer than a Discord message (``MAX_PAGE``: a
translation can be longer than the English) is split at line boundaries by
:func:`split_page`, never cut.  Pure: no Discord, no I/O.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .actions import Action, Kind
from .cards import CARDS, PLAIN_SUITS, Suit, card_word, say_card
from .game import Phase
from .masks import NUM_TAROKY
from .restrictions import Restriction
from .say import ENGLISH, N_, TERM, VARIANT, Say
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
    "deal": N_("The deal"),
    "auction": N_("Bidding"),
    "call": N_("Calling a partner"),
    "talon": N_("The talon"),
    "discard": N_("Discarding"),
    "announcements": N_("Announcements and doubling"),
    "play": N_("Playing the tricks"),
}

#: The titles of the other pages (the glossary's terms are titled by themselves).
PAGE_TITLES: dict[str, str] = {
    "scoring": N_("Scoring"),
    "bonuses": N_("Bonuses and other payments"),
    "pool": N_("The pool"),
    "options": N_("Table options"),
    "glossary": N_("Terms"),
    "cards": N_("The cards"),
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
    "card": "cards",
    "king": "cards",
    "queen": "cards",
    "rider": "cards",
    "cavalier": "cards",
    "jack": "cards",
    "ace": "cards",
    "suit": "cards",
    "suits": "cards",
}

#: Who leads to the first trick, with and without exceptions for some contracts.
_LEADS: dict[str, str] = {
    "forehand": N_("Forehand leads to the first trick."),
    "bidder": N_("The bidder leads to the first trick."),
}
_LEADS_EXCEPT: dict[str, str] = {
    "forehand": N_("Forehand leads to the first trick; {exceptions}."),
    "bidder": N_("The bidder leads to the first trick; {exceptions}."),
}
_LEADS_IN: dict[str, str] = {
    "forehand": N_("in {contracts}, forehand leads"),
    "bidder": N_("in {contracts}, the bidder leads"),
}

#: What a variant is played for.
_MONEY: dict[str, str] = {
    "czk_hal": N_("Czech crowns (Kč; 100 haléř)"),
    "chips": N_("chips"),
    "points": N_("points"),
}


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


def _join(words: list[str], t: Say = ENGLISH) -> str:
    """``a, b and c`` in ``t``'s language."""
    if len(words) <= 1:
        return "".join(words)
    return t._("{items} and {last}", items=", ".join(words[:-1]), last=words[-1])


def _either(words: list[str], t: Say = ENGLISH) -> str:
    """``a, b or c`` in ``t``'s language."""
    if len(words) <= 1:
        return "".join(words)
    return t._("{items} or {last}", items=", ".join(words[:-1]), last=words[-1])


def _number(n: int, t: Say) -> str:
    """A number as the reader writes it (English: ``10,000``, as ``OptionSpec.bounds_text``)."""
    return f"{n:,}" if t.lang == "en" else t.number(n)


def variant_title(v: Variant, t: Say = ENGLISH) -> str:
    """The variant's title in ``t``'s language (context ``variant``)."""
    return t.pgettext(VARIANT, v.title)


def _term(term: str, t: Say) -> str:
    """A game term (a glossary key, a contract's title, a doubling word) in ``t``'s language."""
    return t.pgettext(TERM, term)


def _page_title(key: str, t: Say) -> str:
    """The title of page ``key`` (``PAGE_TITLES``) in ``t``'s language (a lookup by key,
    so the extractor takes the titles, not the keys, as messages)."""
    return t._(PAGE_TITLES[key])


def _titled(title: str, v: Variant, t: Say) -> str:
    """A page's title with its variant's: "Bidding — Czech Taroky"."""
    return t._("{page} — {variant}", page=title, variant=variant_title(v, t))


def _bid_contracts(v: Variant) -> list[str]:
    """The names of the contracts that are bid, lowest first (not Varšava and the like,
    which are chosen rather than bid and carry a negative rank)."""
    return [c.name for c in sorted(v.contracts.values(), key=lambda c: c.rank) if c.rank >= 0]


def _title(v: Variant, name: str, t: Say = ENGLISH) -> str:
    return _term(v.contracts[name].title, t)


def pip_order(v: Variant, t: Say = ENGLISH) -> str:
    """How the suit cards rank, from the engine's strength table: ``K Q C J 1 2 3 4``."""
    out = []
    for suit in (Suit.HEARTS, Suit.SPADES):
        cards = [c for c in CARDS if c >= NUM_TAROKY and c.suit is suit]
        cards.sort(key=lambda c: -v.strength[c])
        out.append(" ".join(v.say(c)[:-1] for c in cards))
    return t._("In the red suits (hearts, diamonds) the cards rank {red} from high to low; "
               "in the black suits (spades, clubs) {black} (K king, Q queen, C rider, J jack).",
               red=out[0], black=out[1])


def lead_rule(v: Variant, t: Say = ENGLISH) -> str:
    """Who leads to the first trick, from ``first_lead``."""
    default = v.first_lead.get("*", "forehand")
    rest = {n: who for n, who in v.first_lead.items() if n != "*" and n in v.contracts}
    if not rest:
        return t._(_LEADS[default])
    by_who: dict[str, list[str]] = {}
    for n, who in rest.items():
        by_who.setdefault(who, []).append(_title(v, n, t))
    parts = [t._(_LEADS_IN[who], contracts=_join(titles, t)) for who, titles in by_who.items()]
    return t._(_LEADS_EXCEPT[default], exceptions="; ".join(parts))


def _restriction_lines(restrictions: Sequence[Restriction], topic: str,
                       t: Say = ENGLISH) -> list[str]:
    seen: list[str] = []
    for r in restrictions:
        if PHASE_TOPIC.get(r.phase) == topic:
            line = r.rule_text(t)
            if line not in seen:
                seen.append(line)
    return seen


def _term_line(v: Variant, term: str, t: Say = ENGLISH) -> str:
    meaning, example = v.glossary[term]
    return t._("{meaning}\n*Example:* {example}", meaning=t._(meaning), example=t._(example))


def _phase_page(v: Variant, topic: str, restrictions: Sequence[Restriction],
                t: Say = ENGLISH) -> str:
    parts: list[str] = []
    term = next((g for g in v.glossary if normalize(g) == topic), None)
    if term is not None:
        parts.append(_term_line(v, term, t))
    how = [t._(line) for line in v.how_it_goes.get(topic, ())]
    if topic == "auction":
        ladder = " < ".join(_title(v, n, t) for n in _bid_contracts(v))
        how.insert(0, t._("The bids, lowest first: {ladder}.", ladder=ladder))
    elif topic == "discard":
        how.append(t._("Discarded taroky are shown face up to everyone.") if v.tarok_discards_face_up
                   else t._("Discards stay face down; only the number of taroky discarded is told."))
    elif topic == "announcements":
        words = v.double_words[1:v.max_double + 1]
        if words:
            how.append(t._("Doubles: {doubles}.", doubles=", ".join(
                f"{_term(w, t)} (×{2 ** (i + 1)})" for i, w in enumerate(words))))
        else:
            how.append(t._("Nothing is doubled."))
    elif topic == "play":
        how.insert(0, lead_rule(v, t) + " " + t._("The winner of a trick leads to the next."))
        how.append(pip_order(v, t))
    if how:
        parts.append(_bullets(how))
    rules = _restriction_lines(restrictions, topic, t)
    if rules:
        parts.append("**" + t._("What you may and may not do") + "**\n" + _bullets(rules))
    return "\n".join(parts)


def _contract_lines(v: Variant, t: Say = ENGLISH) -> list[str]:
    out = []
    for c in sorted(v.contracts.values(), key=lambda c: (c.rank < 0, c.rank)):
        key = normalize(c.title)
        term = next((g for g in v.glossary if normalize(g) == key), None)
        meaning = t._(v.glossary[term][0]) if term is not None else ""
        out.append(f"**{_term(c.title, t)}** — {meaning}".rstrip(" —"))
    return out


def _overview(v: Variant, topics: list[str], t: Say = ENGLISH) -> str:
    seats = _either([str(n) for n in v.seat_counts], t)
    taroky = sum(1 for c in v.pack if c < NUM_TAROKY)
    suits = len(v.pack) - taroky
    money = t._(_MONEY[v.currency]) if v.currency in _MONEY else v.currency
    names = topic_names(v, t)
    contracts = sorted(v.contracts.values(), key=lambda c: (c.rank < 0, c.rank))
    lines = [
        t._("Played by {seats} players with a {cards}-card pack: {taroky} taroky (trumps) "
            "and {suit_cards} suit cards in {suits} suits.", seats=seats, cards=len(v.pack),
            taroky=taroky, suit_cards=suits, suits=len(PLAIN_SUITS)),
        t._("Contracts: {contracts}.", contracts=", ".join(_term(c.title, t) for c in contracts)),
        *(t._(line) for line in v.counting_rules[1:2]),
        t._("Played for {money}.", money=money),
    ]
    listing = ", ".join(names.get(p, p) for p in topics if p != "overview")
    return _bullets(lines) + "\n" + t._("Topics: {topics}.", topics=listing)


def _scoring(v: Variant, t: Say = ENGLISH) -> str:
    parts = [_bullets([t._(line) for line in v.counting_rules])]
    pays = [f"**{_term(c.title, t)}** — {t._(v.game_payments[c.name])}"
            for c in sorted(v.contracts.values(), key=lambda c: c.rank)
            if c.name in v.game_payments]
    if pays:
        parts.append("**" + t._("The game pays") + "**\n" + _bullets(pays))
    if v.valat_rule:
        parts.append(t._(v.valat_rule))
    if v.session_start:
        parts.append(t._("Each player starts a session with {amount}.",
                         amount=t.money(v.currency, v.session_start)))
    return "\n".join(parts)


def _option_value(value: object, t: Say) -> str:
    """A value of an option as a player reads it: on or off, a number, or the word typed
    (a named choice is what the host types: shown as code)."""
    if isinstance(value, bool):
        return t.pgettext("option value", "on") if value else t.pgettext("option value", "off")
    if isinstance(value, int):
        return _number(value, t)
    return f"`{value}`"


def _options(v: Variant, t: Say = ENGLISH) -> str:
    if not v.option_specs:
        return t._("This game has no table options.")
    lines = []
    for o in v.option_specs:
        bounds = o.bounds
        if o.choices is not None:  # (the default marked among the choices)
            line = f"**{t._(o.title)}** (`{o.key}`): " + _either(
                [t._("{value} (default)", value=_option_value(c, t)) if c == o.default
                 else _option_value(c, t) for c in o.choices], t)
        else:
            line = "**" + t._(o.title) + "** (" + t._("`{key}`, default {default}", key=o.key,
                                                       default=_option_value(o.default, t)) + ")"
        if o.choices is None and bounds is not None:
            line += ": " + t._("a whole number from {low} to {high}", low=_number(bounds[0], t),
                               high=_number(bounds[1], t))
        if o.help:
            line += " — " + t._(o.help)
        lines.append(line)
    return t._("Options the table chooses when it opens:") + "\n" + _bullets(lines)


#: The pages built so far, per variant and language, with the translator that said them.
_BOOKS: dict[tuple[Variant, str], tuple[Say, dict[str, Page]]] = {}


def pages(v: Variant, t: Say = ENGLISH) -> dict[str, Page]:
    """Every rules page of ``v`` by topic, in reading order: the overview, the phases of a
    hand, scoring, bonuses, the pool, options, the glossary, then one page per term; in
    ``t``'s language.  Built once per variant and language (a reader's ``Text`` equals
    every other of its language)."""
    kept = _BOOKS.get((v, t.lang))
    if kept is not None and kept[0] == t:
        return kept[1]
    book = build_pages(v, v.restrictions, t)
    _BOOKS[(v, t.lang)] = (t, book)
    return book


def _topic_keys(v: Variant, restrictions: Sequence[Restriction]) -> tuple[list[str], list[str], list[str]]:
    """The phase topics, the other fixed topics and the glossary's own topics of ``v``."""
    phase_topics = [p for p in PHASE_PAGES
                    if p in v.how_it_goes or _restriction_lines(restrictions, p) or p in
                    ("auction", "discard", "announcements", "play")]
    if not any(c.call for c in v.contracts.values()):
        phase_topics = [p for p in phase_topics if p != "call"]
    extra = ["scoring"]
    if v.scoring_rules:
        extra.append("bonuses")
    if v.pool_rule:
        extra.append("pool")
    extra += ["options", "glossary"]
    own_terms = [g for g in v.glossary if normalize(g) not in phase_topics
                 and normalize(g) not in extra]
    return phase_topics, extra, own_terms


def _fixed_topic_names(t: Say) -> dict[str, str]:
    """The name of each topic that is not a glossary term, as a reader types it (context
    ``rules topic``, written out for the catalog's extractor)."""
    return {
        "overview": t.pgettext("rules topic", "overview"),
        "deal": t.pgettext("rules topic", "deal"),
        "auction": t.pgettext("rules topic", "auction"),
        "call": t.pgettext("rules topic", "call"),
        "talon": t.pgettext("rules topic", "talon"),
        "discard": t.pgettext("rules topic", "discard"),
        "announcements": t.pgettext("rules topic", "announcements"),
        "play": t.pgettext("rules topic", "play"),
        "scoring": t.pgettext("rules topic", "scoring"),
        "bonuses": t.pgettext("rules topic", "bonuses"),
        "pool": t.pgettext("rules topic", "pool"),
        "options": t.pgettext("rules topic", "options"),
        "glossary": t.pgettext("rules topic", "glossary"),
        "cards": t.pgettext("rules topic", "cards"),
    }


def topic_names(v: Variant, t: Say = ENGLISH) -> dict[str, str]:
    """Each topic of ``v`` (the English key a player may always type) with its name in
    ``t``'s language: a glossary term as the game term, the others by their own name."""
    fixed = _fixed_topic_names(t)
    out: dict[str, str] = {}
    for key in topics(v):
        out[key] = fixed[key] if key in fixed else _term(key, t)
    return out


def build_pages(v: Variant, restrictions: Sequence[Restriction],
                t: Say = ENGLISH) -> dict[str, Page]:
    """The pages of ``v`` with these legality rules (``pages`` passes the variant's own;
    a test may pass others), in ``t``'s language."""
    out: dict[str, Page] = {}
    phase_topics, extra, own_terms = _topic_keys(v, restrictions)
    keys = ["overview", *phase_topics, *extra, *own_terms]
    title = variant_title(v, t)
    out["overview"] = Page("overview", title, _overview(v, keys, t))
    for p in phase_topics:
        out[p] = Page(p, _titled(t._(PHASE_PAGES[p]), v, t), _phase_page(v, p, restrictions, t))
    out["auction"] = Page("auction", out["auction"].title,
                          out["auction"].body + "\n**" + t._("Contracts") + "**\n"
                          + "\n".join(_contract_lines(v, t)))
    out["scoring"] = Page("scoring", _titled(_page_title("scoring", t), v, t), _scoring(v, t))
    if v.scoring_rules:
        out["bonuses"] = Page("bonuses", _titled(_page_title("bonuses", t), v, t),
                              _bullets([t._(line) for line in v.scoring_rules]))
    if v.pool_rule:
        out["pool"] = Page("pool", _titled(_page_title("pool", t), v, t), t._(v.pool_rule))
    out["options"] = Page("options", _titled(_page_title("options", t), v, t), _options(v, t))
    out["glossary"] = Page("glossary", _titled(_page_title("glossary", t), v, t),
                           t._("Each has its own page with an example: {terms}.",
                               terms=", ".join(_term(g, t) for g in v.glossary)))
    for term in own_terms:
        out[term] = Page(term, _titled(_sentence(_term(term, t)), v, t), _term_line(v, term, t))
    if "cards" not in out:
        out["cards"] = Page("cards", _titled(_page_title("cards", t), v, t), _cards_page(v, t))
    for term in v.glossary:  # (a term named as such a page, "pool": its meaning heads it)
        key = normalize(term)
        if key in extra and key != "glossary":
            out[key] = Page(key, out[key].title, _term_line(v, term, t) + "\n" + out[key].body)
    return out


def _cards_page(v: Variant, t: Say = ENGLISH) -> str:
    """The pack in the words the table uses for cards: taroky, the suits and their court
    cards, how they rank and what they count (the engine's strength and points)."""
    court = [c for c in CARDS if c >= NUM_TAROKY and c.suit is Suit.HEARTS and 1 < c.points < 5]
    counts = ", ".join(t._("each {face} {points}", face=t._(_FACE_WORDS[v.say(c)[0]]), points=c.points)
                       for c in sorted(court, key=lambda c: -c.points))
    honours = [say_card(c, v.card_words, long=True, t=t)
               for c in CARDS if c < NUM_TAROKY and c.points > 1]
    taroky = len([c for c in v.pack if c < NUM_TAROKY])
    suits = (t._("Four suits: ♥ hearts, ♦ diamonds, ♠ spades, ♣ clubs. A card is written with "
                 "its rank and suit: K♥ is the king of hearts, {ace}♦ the ace of diamonds.",
                 ace=v.card_words.ace) if v.card_words.ace == "A" else
             t._("Four suits: ♥ hearts, ♦ diamonds, ♠ spades, ♣ clubs. A card is written with "
                 "its rank and suit: K♥ is the king of hearts, {ace}♦ the one of diamonds.",
                 ace=v.card_words.ace))
    return "\n".join([
        t._("{taroky} taroky (trumps), numbered I to XXI, and the {skyz}, the highest; a tarok "
            "beats every suit card.", taroky=taroky, skyz=card_word(v.card_words.skyz, t)),
        suits,
        pip_order(v, t),
        t._("Card points: {honours} and each king 5; {counts}; every other card 1 (how they "
            "are counted: the scoring page).", honours=", ".join(honours), counts=counts),
    ])


#: The court cards' words (the catalog's, as ``cards`` names them).
_FACE_WORDS = {"K": N_("king"), "Q": N_("queen"), "C": N_("rider"), "J": N_("jack")}


def topics(v: Variant) -> list[str]:
    """The topics of ``v``'s pages, in reading order (the English keys, the same in every
    language: what autocomplete passes and what a player may always type)."""
    phase_topics, extra, own_terms = _topic_keys(v, v.restrictions)
    keys = ["overview", *phase_topics, *extra, *own_terms]
    return keys if "cards" in keys else [*keys, "cards"]


def find_page(v: Variant, topic: str | None, t: Say = ENGLISH) -> Page | None:
    """The page for ``topic`` as a player types it (any case, with or without accents, an
    alias or a unique prefix; an English topic or, in ``t``'s language, the topic's name
    or a glossary term), in ``t``'s language; the overview for an empty topic; None if
    there is none."""
    book = pages(v, t)
    if not topic or not topic.strip():
        return book["overview"]
    index = {normalize(k): p for k, p in book.items()}
    if t.lang != "en":  # (the reader's own words, after the English keys)
        for k, name in topic_names(v, t).items():
            index.setdefault(normalize(name), book[k])
        for g in v.glossary:  # (a term whose page is a phase's: "talon")
            page = index.get(normalize(g))
            if page is not None:
                index.setdefault(normalize(_term(g, t)), page)
    key = normalize(topic)
    if key not in index:
        key = ALIASES.get(key, key)
    if key in index:
        return index[key]
    if key.endswith("s") and key[:-1] in index:
        return index[key[:-1]]
    starts = {id(p): p for k, p in index.items() if k.startswith(key)}
    return next(iter(starts.values())) if len(starts) == 1 else None


def page_text(v: Variant, topic: str | None, t: Say = ENGLISH, *, shown: str | None = None) -> str:
    """The text for ``topic`` in ``t``'s language, whole (:func:`split_page` makes
    messages of it), or a plain sentence listing the topics when there is no such page
    (naming the topic as ``shown``, the caller's bounded and escaped copy, if given)."""
    page = find_page(v, topic, t)
    if page is not None:
        return page.text
    listing = ", ".join(topic_names(v, t).values())
    return t._("There is no page about '{topic}' in {variant}. Topics: {topics}.", topic=shown or topic,
               variant=variant_title(v, t), topics=listing)


def split_page(text: str, limit: int = MAX_PAGE) -> list[str]:
    """``text`` as messages of at most ``limit`` characters, split between lines (a line
    longer than a message between sentences, then between words): never cut mid-word,
    nothing lost; one message when it fits."""
    if len(text) <= limit:
        return [text]
    out: list[str] = []
    current = ""
    for piece in _pieces(text, limit):
        if current and len(current) + len(piece) > limit:
            out.append(current.rstrip())
            current = ""
        current += piece
    if current.strip():
        out.append(current.rstrip())
    return out


def _pieces(text: str, limit: int) -> list[str]:
    """``text`` as lines (each keeping its newline), a line too long for a message broken
    after its sentences, a sentence too long after its words."""
    out: list[str] = []
    for line in text.splitlines(keepends=True):
        if len(line) <= limit:
            out.append(line)
            continue
        for sentence in _broken(line, ". ", limit):
            if len(sentence) <= limit:
                out.append(sentence)
            else:
                out.extend(_broken(sentence, " ", limit))
    return out


def _broken(text: str, sep: str, limit: int) -> list[str]:
    """``text`` split after each ``sep``, the parts regrouped up to ``limit``."""
    parts = [p + sep for p in text.split(sep)]
    parts[-1] = parts[-1][: -len(sep)]
    out: list[str] = []
    for p in parts:
        if out and len(out[-1]) + len(p) <= limit:
            out[-1] += p
        else:
            out.append(p)
    return out


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
                 label: Callable[[Action], str] | None = None, t: Say = ENGLISH) -> list[str]:
    """What each choice commits a player to, from the variant's glossary: one line per
    choice that has a term ("**Valát** — Taking every trick: Kč 7.00, or Kč 14.00 if
    announced."); cards to play have none.  In ``t``'s language (``label`` should say the
    choices in it too)."""
    out: list[str] = []
    seen: set[str] = set()
    for a in choices:
        name = label(a) if label is not None else v.label(a, t)
        paid = bonus_rule(v, a, t) if a.kind is Kind.ANNOUNCE else None
        if paid is not None:
            out.append(f"**{name}** — {paid}")
            continue
        term = choice_term(v, a, doubled)
        if term is None or term in seen:
            continue
        seen.add(term)
        said = _term(term, t)
        called = "" if normalize(said) in normalize(name) else f" ({said})"
        out.append(f"**{name}**{called} — {t._(v.glossary[term][0])}")
    return out


def bonus_rule(v: Variant, a: Action, t: Say = ENGLISH) -> str | None:
    """The scoring sentence of the bonus an announcement promises (what it pays, won or
    lost), from the variant's ``scoring_rules`` and ``valat_rule``, in ``t``'s language;
    None if none names it."""
    key = normalize(v.title_of(str(a.value)))
    for line in (*v.scoring_rules, v.valat_rule):
        if line and normalize(line).startswith(key):
            return t._(line)
    return None


__all__ = [
    "ALIASES", "KIND_TERMS", "MAX_PAGE", "bonus_rule", "choice_notes", "choice_term", "glossary_term", "PHASE_PAGES", "PHASE_TOPIC", "Page", "build_pages", "find_page",
    "lead_rule",
    "normalize", "page_text", "pages", "pip_order", "topics",
    "PAGE_TITLES", "split_page", "topic_names", "variant_title",
]
