"""The newcomer's walk (issue #31, "done when"): one hand of a variant in a language,
through the real bot under SimCord, counted.

A newcomer who reads only what the bot shows opens a table, starts it against computer
players and plays the hand to its end, taking the first choice offered and pressing
**Why?** and **Hint** at every turn.  Everything they read (the lobby, the table message,
their panel, the replies, the summary, the pictures' descriptions, the channel at the end)
is kept and counted:

* ``interactions`` — every slash command, click and select they made;
* ``english`` — texts with English words left in a Czech, Polish or Romanian session
  (names and cards taken out: the detector of ``test_table_languages.Reader``);
* ``cut`` — texts cut short: a word ending in an ellipsis that no message of the catalogs
  ends with ("Vašek (comput…", "…rozegra…"); texts exactly at one of Discord's limits
  are listed apart (``at_limit``) for a reader to judge;
* ``errors`` — exceptions the bot raised, and a hand that did not reach its end;
* ``leaks`` — a message showing a card of another seat (``test_privacy.Spy``, checked as
  each message is written).

``walk_hand`` is driven by ``benchmarks/newcomer_walk.py`` (every variant in every
language, the figures printed) and by ``test_newcomer_walk.py`` (a bounded part of it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from babel.messages.pofile import read_po

from bot.engine.cards import Card
from bot.i18n import LANGUAGES, LOCALE_DIR, Text, catalog_path
from tests.discord.harness import (
    buttons,
    seen_in,
    seen_on,
    select_min,
    select_options,
    selects,
    table_message,
    table_of,
)
from tests.discord.test_privacy import _FORMS, Spy, _texts
from tests.discord.test_table_languages import Reader, set_languages

#: Discord's limits a text may be cut at: a button label (80), a select option or command
#: description (100), an embed title (256), an attachment's description (1,024), a
#: message (2,000), an embed description (4,096); and the bot's own bounds (1,000 for alt
#: text, 4,000 for a lesson's embed).
LIMITS = frozenset({80, 100, 256, 1000, 1024, 2000, 4000, 4096})
ELLIPSIS = re.compile(r"(\w*)(?:…|\.\.\.)")


@cache
def intended_ellipses() -> frozenset[str]:
    """The words the catalogs' own messages put before an ellipsis ("playing…",
    "hrají…"): an ellipsis after one of them is the message's, not a cut."""
    out: set[str] = set()
    files = [LOCALE_DIR / "taroky.pot", *(catalog_path(lang) for lang in LANGUAGES if lang != "en")]
    for path in files:
        with path.open("rb") as f:
            catalog = read_po(f)
        for m in catalog:
            for text in (*(m.id if isinstance(m.id, (tuple, list)) else (m.id,)),
                         *(m.string if isinstance(m.string, (tuple, list)) else (m.string,))):
                out |= {w for w in ELLIPSIS.findall(str(text or ""))}
    return frozenset(out)


def cut_words(text: str) -> list[str]:
    """Where ``text`` was cut short: each word ending in an ellipsis that is not a
    message's own, and the whole text when its length is exactly one of the limits."""
    return [w + "…" for w in ELLIPSIS.findall(text) if w not in intended_ellipses()]


def at_limit(text: str) -> bool:
    """Whether ``text`` is exactly as long as one of the limits: cut there without an
    ellipsis, or whole by chance (about one text in a hundred is 100 characters long);
    the walk lists them for a reader, it does not count them as cut."""
    return len(text) in LIMITS


def _form_pattern(form: str) -> str:
    """A card's form as a whole word; a one-letter numeral (V, X, I) not when a lower-case
    word follows it: that is the Czech "V těchto…", the Polish "I tak…", not a tarok."""
    after = r"(?![\w])(?! [^\W\d_A-Z])" if len(form) == 1 else r"(?![\w])"
    return rf"(?<![\w.]){re.escape(form)}{after}"


class WordSpy(Spy):
    """``test_privacy.Spy`` reading a card only as a whole word in a form a player reads
    (``K♥``, ``XXI``, ``Škýz``): its test also matches a card's name inside any word
    ("xi" in "XIII", "v" in "Vašek"), which in prose flags nearly every message."""

    def check(self, message: Any) -> None:
        if message is None:
            return
        allowed = set(self._public_cards())
        if message.is_ephemeral:
            meta = message.interaction_metadata or {}
            allowed |= self._own_cards(int((meta.get("user") or {}).get("id") or 0))
        blob = "\n".join(_texts(message))
        leaked = sorted(c.short for c in _FORMS.keys() - allowed
                        if any(re.search(_form_pattern(f), blob) for f in _FORMS[Card(c)]))
        if leaked:
            self.violations.append(f"{'ephemeral' if message.is_ephemeral else 'public'} message shows "
                                   f"{leaked}: {[x for x in _texts(message) if x]}")


@dataclass
class HandFigures:
    """What one walked hand counted (lists hold examples: where, the text, the finding)."""

    variant: str
    lang: str
    interactions: int = 0
    turns: int = 0
    texts: int = 0
    finished: bool = False
    tricks: int = 0
    english: list[tuple[str, str, str]] = field(default_factory=list)
    cut: list[tuple[str, str, str]] = field(default_factory=list)
    at_limit: list[tuple[str, str]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    leaks: list[str] = field(default_factory=list)


@dataclass
class Walker:
    """The newcomer (``member``, Alice) at ``world``'s channel."""

    world: Any
    member: Any
    t: Text
    figures: HandFigures
    hint_every_turn: bool = True
    seen: list[tuple[str, str]] = field(default_factory=list)
    hinted: set[Any] = field(default_factory=set)

    def look(self, where: str, message: Any) -> None:
        self.seen += seen_on(where, message)

    def look_result(self, where: str, result: Any) -> None:
        self.seen += seen_in(where, result)

    async def slash(self, where: str, name: str, **options: Any) -> Any:
        self.figures.interactions += 1
        result = await self.member.slash(self.world.channel, name, **options)
        self.look_result(where, result)
        return result

    async def click(self, message: Any, where: str, **how: Any) -> Any:
        self.figures.interactions += 1
        result = await self.member.click(message, **how)
        self.look_result(where, result)
        return result

    async def select(self, message: Any, values: list[str], **how: Any) -> Any:
        self.figures.interactions += 1
        return await self.member.select(message, values, **how)

    async def play_hand(self) -> None:
        """The newcomer's whole hand: Why? and Hint at every turn (or Hint once a phase),
        then the first choice offered."""
        world, t = self.world, self.t
        table = table_of(world)
        seat = table.seat_of(self.member.id)
        panel = await self.click(table_message(world), "panel", label=t._("My hand"))
        for _ in range(300):
            game = table.game
            if table.status != "playing" or game is None:
                return
            if game.to_act != seat:
                self.figures.errors.append(f"the computers did not move ({game.phase})")
                return
            self.figures.turns += 1
            view = panel.response
            self.look("panel", view)
            await self.click(view, "why", label=t._("Why?"))
            if self.hint_every_turn or game.phase not in self.hinted:
                self.hinted.add(game.phase)
                await self.click(view, "hint", label=t._("Hint"))
            actions = [b for b in buttons(view) if b["custom_id"].startswith("tk:a:")]
            if actions:
                await self.click(view, "choice", custom_id=actions[0]["custom_id"])
            else:
                menu = selects(view)[0]["custom_id"]
                values = select_options(view, menu)
                await self.select(view, values[: select_min(view, menu)], custom_id=menu)
        self.figures.errors.append("the hand did not finish in 300 turns")


async def walk_hand(world: Any, variant: str, lang: str, *, hint_every_turn: bool = True) -> HandFigures:
    """Alice, a newcomer speaking ``lang`` (the server's language too), plays one hand of
    ``variant`` at ``world``'s channel; what she met, counted."""
    figures = HandFigures(variant, lang)
    t = Text(lang)
    walker = Walker(world, world.alice, t, figures, hint_every_turn=hint_every_turn)
    spy = WordSpy(world)
    errors_before = world.env.error_cursor
    try:
        if lang != "en":
            await set_languages(world, lang)
            figures.interactions += 2
        await walker.slash("lobby", "taroky new", variant=variant)
        await walker.click(table_message(world), "lobby", label=t._("Start"))
        await walker.play_hand()
    except AssertionError as e:  # (a button or a message that was not there)
        figures.errors.append(f"{type(e).__name__}: {e}")
    table = world.bot.tables.get(world.channel.id)
    if table is not None:
        figures.finished = table.status == "between"
        figures.tricks = len(table.game.tricks) if table.game is not None else 0
        reader = Reader(world, world.alice, t, seen=walker.seen)
        english = reader.leftovers(lang, table) if lang != "en" else []
        figures.english = [(w, text, ", ".join(sorted(found))) for w, text, found in english]
    else:
        figures.errors.append("no table in the channel")
    figures.texts = len({text for _, text in walker.seen})
    for where, text in dict.fromkeys(walker.seen):
        for cut in cut_words(text):
            figures.cut.append((where, text, cut))
        if at_limit(text):
            figures.at_limit.append((where, text))
    figures.errors += [f"{type(e).__name__}: {e}" for e in world.env.errors_since(errors_before)]
    figures.leaks = list(spy.violations)
    return figures
