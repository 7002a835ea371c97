"""The engine's sentences are catalog messages (issue #14): every word a player reads from
the engine comes through the translator ``t`` it is given.

The proof is a second language that is not English: ``Marked`` says each message with its
words between «», leaving the values it fills in outside them.  Whole hands of every
variant are played (the explorer, seeded, options varied) and everything the engine says
along the way — labels, prompts, refusals, Why?, the game log, the Hint — is said in it.
Whatever is left outside the marks must be a value, not English: a seat's placeholder (the
table puts a name there), a card's symbol or code, a variant's own word for a card, a number.
"""

from __future__ import annotations

import ast
import random
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.ai.explore import Explorer, sweep
from bot.ai.heuristic import choose_action
from bot.ai.normal import choose_normal
from bot.ai.search import choose_strong
from bot.engine import VARIANTS, Action, Game, Kind, Phase, new_game
from bot.engine.cards import CARDS, ROMAN, SKYZ, say_card
from bot.engine.say import ENGLISH, English, Msg, Say
from bot.i18n import Text
from tools.catalogs import code_messages, engine_messages

ROOT = Path(__file__).resolve().parents[2]
_FORMATTER = string.Formatter()


def _fields(message: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in _FORMATTER.parse(message) if name}


class Marked:
    """A language in which every message's words are marked «»; the values it is given are
    filled in unmarked.  It also checks that each call supplies exactly the message's
    fields."""

    lang = "xx"

    def __init__(self) -> None:
        self.said: list[str] = []

    def _mark(self, message: str, values: dict[str, object]) -> str:
        assert _fields(message) == set(values), (message, sorted(values))
        out = []
        for literal, name, spec, conv in _FORMATTER.parse(message):
            if literal:
                out.append("«" + literal.replace("{", "{{").replace("}", "}}") + "»")
            if name is not None:
                out.append("{" + name + ("!" + conv if conv else "") + (":" + spec if spec else "") + "}")
        self.said.append(message)
        return "".join(out).format(**values)

    def _(self, message: str, /, **values: object) -> str:
        return self._mark(message, values)

    def ngettext(self, singular: str, plural: str, n: int, /, **values: object) -> str:
        assert _fields(singular) | _fields(plural) == set(values) | {"n"}, (singular, sorted(values))
        return self._mark(singular if n == 1 else plural, {**values, "n": str(n)})

    def pgettext(self, context: str, message: str, /, **values: object) -> str:
        return self._mark(message, values)

    def money(self, currency: str, amount: int) -> str:
        return f"«{currency}» {amount}"

    def number(self, n: int) -> str:
        return str(n)


def _allowed_words() -> set[str]:
    """The values a sentence may carry unmarked: a seat's placeholder, tarok numerals, a
    card's code letters and its symbol's rank ("K", "C", "A", "Sk").  A variant's words for
    cards ("rider", "horse", "cavalier", "pagát", "Skiż") are not among them: they are said
    through the catalog (context ``card word``), as every other word (issue #31)."""
    words = {"Seat", "seat", *ROMAN, "⅓", "⅔"}  # (a Kozy pile's exact worth: 35⅓)
    for v in VARIANTS.values():
        words.update(re.findall(r"[^\W\d_]+", v.card_words.ace))
    for c in CARDS:
        words.update(re.findall(r"[^\W\d_]+", c.short))
        for v in VARIANTS.values():
            if c != SKYZ:
                words.update(re.findall(r"[^\W\d_]+", say_card(c, v.card_words)))
    return words


ALLOWED = _allowed_words()


def english_left(text: str) -> list[str]:
    """The words of ``text`` outside the marks that are not values (names, cards)."""
    bare = re.sub(r"«[^«»]*»", " ", text)
    return [w for w in re.findall(r"[^\W\d_]+", bare) if w not in ALLOWED]


def check(text: str, what: str) -> None:
    left = english_left(text)
    assert not left, f"{what}: English outside the catalog {left} in {text!r}"


class Checking:
    """An explorer that, before each choice, says everything in front of the player."""

    def __init__(self, t: Marked, items: set[str]) -> None:
        self.t = t
        self.items = items
        self.explorer = Explorer(random.Random("i18n"))
        self.rng = random.Random(5)

    def __call__(self, g: Game, seat: int, legal: list[Action]) -> Action:
        t = self.t
        if "prompts" in self.items:
            for s in g.active:
                check(g.prompt(s, t), f"prompt ({g.variant.name}, {g.phase})")
            check(g.variant.public_prompt(g, t), "public prompt")
            for a in legal:
                check(g.variant.label(a, t), f"label of {a.code}")
        if "refusals" in self.items:
            check(g.explain(seat, t), f"Why? ({g.variant.name}, {g.phase})")
            if g.phase in (Phase.PLAY, Phase.DISCARD):
                kind = Kind.PLAY if g.phase is Phase.PLAY else Kind.DISCARD
                refused = [a for a in (Action(kind, c) for c in self.rng.sample(list(CARDS), 6))
                           if a not in legal]
            else:
                refused = [a for a in g.candidates(seat) if a not in legal]
            for a in refused[:4]:
                check(g.why_not(seat, a, t), f"refusal of {a.code} ({g.variant.name})")
        return self.explorer(g, seat, legal)


DEALS = 30


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_labels_and_prompts_are_messages(variant: str) -> None:
    """Item 1: every button label and every prompt (the player to act, the others, the
    public table) of whole hands comes through the translator."""
    t = Marked()
    for _g in sweep(variant, DEALS, seed=14, players=Checking(t, {"prompts"})):
        pass
    assert t.said


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_refusals_and_why_are_messages(variant: str) -> None:
    """Item 2: Why? and the refusal of every choice a rule closes (each ``Restriction``'s
    rule, reason and why) come through the translator."""
    t = Marked()
    for _g in sweep(variant, DEALS, seed=15, players=Checking(t, {"refusals"})):
        pass
    assert t.said


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_event_lines_are_messages(variant: str) -> None:
    """Item 3: every line of the game log (bids, calls, the talon, discards, announcements,
    doubles, plays, tricks, throw-ins and surrenders) keeps its message and values and is
    said again through the translator; said in English it is the line the log keeps
    (``Event.text``: records and replays)."""
    t = Marked()
    n = 0
    for g in sweep(variant, DEALS, seed=16):
        for ev in g.log:
            if ev.kind == "result" and ev.msg is None:
                continue  # (the hand's summary: said by the table from ``HandResult``)
            assert ev.msg is not None, f"{ev.kind}: {ev.text!r} has no message"
            assert ev.say() == ev.text
            check(ev.say(t), f"event {ev.kind} ({variant})")
            n += 1
    assert n > DEALS * 20


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_summaries_and_payment_lines_are_messages(variant: str) -> None:
    """Issue #14, the hand's end: the summary and every payment line of whole hands keep
    their message (``HandResult.summary_msg``, ``PaymentLine.msg``) and are said through the
    translator (amounts through ``t.money``); said in English they are the words the
    records keep (``summary``, ``label``)."""
    t = Marked()
    n = 0
    for g in sweep(variant, DEALS, seed=19):
        r = g.result
        if r is None:
            continue
        assert r.summary_msg is not None, f"summary {r.summary!r} has no message"
        assert r.say_summary() == r.summary
        check(r.say_summary(t), f"summary ({variant})")
        for ln in r.lines:
            assert ln.msg is not None, f"payment line {ln.label!r} has no message"
            assert ln.say() == ln.label
            check(ln.say(t), f"payment line ({variant})")
            n += 1
    assert n > DEALS


def test_refusals_before_any_rule_are_messages() -> None:
    """Issue #14: what ``verify`` refuses before any rule is asked (not your turn, the hand
    is over) is raised with its message (``TarokyError.say(t)``), its English the error's text;
    the contract with its level and the session's end are said through the translator too."""
    from bot.engine.errors import IllegalAction, NotYourTurn

    for g in sweep("czech", 3, seed=20):
        t = Marked()
        with pytest.raises(IllegalAction) as over:
            g.verify(0, g.history[-1][1])
        assert over.value.msg is not None and over.value.say() == str(over.value)
        check(over.value.say(t), "the hand is over")
        if g.contract is not None:
            check(g.variant.contract_title(g, t) or "", "contract title")
    fresh = new_game("nebraska")
    assert fresh.to_act is not None
    other = (fresh.to_act + 1) % fresh.num_seats
    with pytest.raises(NotYourTurn) as turn:
        fresh.verify(other, fresh.legal_actions(fresh.to_act)[0])
    assert turn.value.say() == str(turn.value)
    check(turn.value.say(Marked()), "not your turn")


def test_money_is_said_by_the_reader() -> None:
    """``Say.money``: English writes amounts as ``bot.i18n.Text("en")`` does; an amount
    inside a sentence (``Money``) is said by the reader's language."""
    from bot.engine.say import Money
    from bot.store.money import format_amount

    for currency in ("czk_hal", "chips", "points"):
        for amount in (0, 1, -1, 5, 150, -150, 123456):
            assert ENGLISH.money(currency, amount) == format_amount(currency, amount)
            assert Money(currency, amount).say(Text("cs")) == Text("cs").money(currency, amount)
    assert Msg("Game × {rate}", {"rate": Money("czk_hal", 10)}).say() == "Game × Kč 0.10"


class Hinting:
    """An explorer that asks the easy and normal computer players for their choice and
    reason before each choice, and says the reasons."""

    def __init__(self, t: Marked) -> None:
        self.t = t
        self.explorer = Explorer(random.Random("hint"))
        self.n = 0

    def __call__(self, g: Game, seat: int, legal: list[Action]) -> Action:
        for choice in (choose_action(g, seat), choose_normal(g, seat)):
            assert choice.msg is not None, choice.reason
            assert choice.say() == choice.reason
            check(choice.say(self.t), f"reason of {choice.action.code} ({g.variant.name})")
            self.n += 1
        return self.explorer(g, seat, legal)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_easy_and_normal_reasons_are_messages(variant: str) -> None:
    """Item 4 (the easy and normal players; the strong player's own reasons are not yet):
    each reason ``bot.ai.heuristic`` and ``bot.ai.normal`` give is a message said through
    the translator, its English the same as before."""
    t = Marked()
    hinting = Hinting(t)
    for _g in sweep(variant, DEALS // 3, seed=17, players=hinting):
        pass
    assert hinting.n > 50


class StrongHinting(Hinting):
    """Asks the strong player (the Hint's) every few choices."""

    def __call__(self, g: Game, seat: int, legal: list[Action]) -> Action:
        self.n += 1
        if self.n % 4 == 0:
            choice = choose_strong(g, seat, self.n)
            if choice.msg is not None or choice.reason not in self.fallback:
                assert choice.msg is not None, choice.reason
                assert choice.say() == choice.reason
                check(choice.say(self.t), f"strong reason of {choice.action.code} ({g.variant.name})")
                self.said += 1
        return self.explorer(g, seat, legal)

    fallback: tuple[str, ...] = ()
    said = 0


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_strong_reasons_are_messages(variant: str) -> None:
    """Item 4: the strong player's reasons (the teach-mode Hint), searched or taken over
    from the normal player, are messages said through the translator."""
    hinting = StrongHinting(Marked())
    # (Deals annulled or thrown in before the bidding ask for no reason: go on until six
    # reasons were said, up to six deals.)
    for _g in sweep(variant, 6, seed=18, players=hinting):
        if hinting.said > 5:
            break
    assert hinting.said > 5


def test_english_is_the_source() -> None:
    """Said in English (the default ``t``), a message is its English sentence filled in."""
    m = Msg("{seat} cut the pack.", {"seat": "Seat 2"})
    assert m.say() == "Seat 2 cut the pack." == m.say(ENGLISH) == m.say(Text("en"))
    assert ENGLISH.ngettext("{n} card", "{n} cards", 1) == "1 card"
    assert ENGLISH.ngettext("{n} card", "{n} cards", 5) == "5 cards"


def test_text_is_a_say() -> None:
    """``bot.i18n.Text`` satisfies the engine's ``Say`` (checked by mypy here too)."""
    t: Say = Text("cs")
    e: Say = English()
    assert t.lang == "cs" and e.lang == "en"


def _engine_sources() -> list[Path]:
    return sorted([*(ROOT / "bot" / "engine").rglob("*.py"), *(ROOT / "bot" / "ai").rglob("*.py")])


def _calls() -> Iterator[tuple[Path, ast.Call, list[str], list[str]]]:
    """Every message the engine says: (file, call, its message and plural, fields given)."""
    for path in _engine_sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
            if name in ("_", "pgettext", "ngettext") and isinstance(f, ast.Attribute):
                first = 1 if name == "pgettext" else 0
                if len(node.args) <= first or not isinstance(node.args[first], ast.Constant):
                    continue
                if any(k.arg is None for k in node.keywords):
                    continue  # (``**values`` passed on: English and Text forward them)
                given = [k.arg for k in node.keywords if k.arg]
                messages = [node.args[first].value]
                if name == "ngettext":
                    given.append("n")
                    messages.append(node.args[1].value)
                yield path, node, messages, given
            elif name == "Msg" and node.args and isinstance(node.args[0], ast.Call):
                inner = node.args[0]
                if not (isinstance(inner.func, ast.Name) and inner.func.id == "N_"
                        and isinstance(inner.args[0], ast.Constant)):
                    continue
                given = []
                if len(node.args) > 1 and isinstance(node.args[1], ast.Dict):
                    given = [k.value for k in node.args[1].keys if isinstance(k, ast.Constant)]
                messages = [inner.args[0].value]
                for k in node.keywords:
                    if k.arg == "plural" and isinstance(k.value, ast.Call):
                        given.append("n")
                        messages.append(k.value.args[0].value)
                yield path, node, messages, given


def test_every_field_is_supplied() -> None:
    """Each call that says a message fills in exactly the fields its message names (a
    translator cannot use a value the code does not give)."""
    bad = []
    n = 0
    for path, node, messages, given in _calls():
        n += 1
        fields = set().union(*(_fields(m) for m in messages))
        if fields != set(given) and not (len(messages) == 2 and fields | {"n"} == set(given)):
            bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: {messages[0]!r} given {sorted(given)}")
    assert n > 100
    assert not bad, "\n".join(bad)


def test_extraction_finds_the_engine_messages() -> None:
    """``python -m tools.catalogs`` finds the engine's messages: every literal message said
    in ``bot/engine`` and ``bot/ai``, and the game terms (context ``game term``)."""
    found = {m for key in code_messages() for m in key[1:] if m}
    said = {m for _path, _node, messages, _given in _calls() for m in messages}
    assert said <= found, sorted(said - found)[:10]
    for sample in ("{seat} cut the pack at card {n}.", "You must follow {suit}: you hold {card}.",
                   "Discard {card}", "Kings, the škýz, the mond and the pagát are never discarded."):
        assert sample in found
    terms = {m for (c, m, _p) in engine_messages() if c == "game term"}
    assert {"Povinnost", "the game", "Flek"} <= terms


# ---- the rules pages (``bot.engine.rulebook``) ------------------------------------------


def check_page(text: str, what: str) -> None:
    """``check``, with the words a player types left out: a house rule's key and its named
    choices are written as code (`` `varsava_scoring` ``, like the slash commands)."""
    check(re.sub(r"`[^`]*`", " ", text), what)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_rules_page_is_messages(variant: str) -> None:
    """Issue #14, the rules pages: every page of every variant (the overview, each phase,
    scoring, bonuses, the pool, the options, the cards, the glossary and each term's own
    page, and the answer to an unknown topic) is said through the translator: the variant's
    data verbatim, its terms as game terms, the rulebook's own sentences as messages with
    every field filled (``Marked`` checks the fields)."""
    from bot.engine.rulebook import find_page, page_text, pages, topic_names, topics

    v = VARIANTS[variant]
    t = Marked()
    book = pages(v, t)
    assert list(book) == topics(v) == list(pages(v))  # (the same topics in every language)
    for topic, page in book.items():
        check_page(page.text, f"rules page {topic} ({variant})")
    for name in topic_names(v, t).values():
        check(name, f"topic name ({variant})")
    check(page_text(v, "no such topic", t).replace("no such topic", ""), f"unknown topic ({variant})")
    assert find_page(v, "options", t) is book["options"]
    glossary = {m for (_c, m, _p) in _rules_catalog() if m in {e[0] for e in v.glossary.values()}}
    assert glossary and all(m in t.said for m in glossary), "every glossary meaning is said"


def _rules_catalog() -> set[tuple[str | None, str, str | None]]:
    from tools.catalogs import rules_messages

    return rules_messages()


class Noting:
    """An explorer that says, before each choice, what each choice means (the glossary
    notes of Why? and of teach mode's confirmation, and the bonus an announcement pays)."""

    def __init__(self, t: Marked) -> None:
        self.t = t
        self.explorer = Explorer(random.Random("notes"))
        self.notes = 0

    def __call__(self, g: Game, seat: int, legal: list[Action]) -> Action:
        from bot.engine.rulebook import bonus_rule, choice_notes

        t = self.t
        doubled = dict(g.view_for(seat).doubles)
        for note in choice_notes(g.variant, legal, doubled, lambda a: g.variant.label(a, t), t):
            check(note, f"choice note ({g.variant.name}, {g.phase})")
            self.notes += 1
        for a in legal:
            if a.kind is Kind.ANNOUNCE:
                check(bonus_rule(g.variant, a, t) or "", f"bonus rule of {a.code}")
        return self.explorer(g, seat, legal)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_choice_notes_are_messages(variant: str) -> None:
    """Issue #14: what each choice commits a player to (``rulebook.choice_notes``: the
    glossary's meaning, the term named after a label, the bonus's scoring rule), for the
    choices of explored hands, is said through the translator."""
    noting = Noting(Marked())
    for _g in sweep(variant, DEALS // 3, seed=21, players=noting):
        pass
    assert noting.notes > 20
