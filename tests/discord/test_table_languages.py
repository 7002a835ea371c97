"""A whole hand in Czech, Polish and Romanian through the real bot in SimCord (issue #14).

The server's language is set with ``/taroky-admin language`` and the player's with
``/taroky language``; the player opens a table, starts it, plays a hand to its summary
(pressing **Why?** at every turn of theirs and **Hint** once in every phase) and reads
everything: the lobby, the table message, their panel, the replies, the summary, the
pictures' descriptions.  No English may be left in it, apart from

* names (the players', the computers'), card names and symbols, slash-command names.

The texts the **engine** makes (prompts, action labels, Why? with the glossary notes of
its choices, Hint's reason, bids, contracts, announcements, phases, the doubling words,
the summary's lines, the rules pages) are said in the reader's language too: there is no
allow-list for them.

"English" is a word of the bot's English messages (the catalog's template) that the
language's own catalog never uses: "the", "your", "waiting", "hand" in a Czech session.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest

from bot.engine import CARDS, Kind
from bot.engine.cards import say_card
from bot.i18n import Text
from bot.tables import words
from bot.tables.deals import Deals
from bot.tables.table import Table
from tests.discord.harness import (
    buttons,
    seen_on,
    select_min,
    select_options,
    selects,
    table_message,
    table_of,
)
from tools.english_left import english_in  # (the one English detector: the tool counts with it too)


# ----------------------------------------------------------------------- the player
@dataclass
class Reader:
    """A member who plays in their language and keeps what they read."""

    world: Any
    member: Any
    t: Text
    seen: list[tuple[str, str]] = field(default_factory=list)
    hint_reasons: list[str] = field(default_factory=list)

    def label(self, english: str) -> str:
        return self.t._(english)

    def look(self, where: str, message: Any) -> None:
        self.seen += seen_on(where, message)

    async def click(self, message: Any, where: str, **how: Any) -> Any:
        result = await self.member.click(message, **how)
        self.look(where, result.response)
        for f in result.followups:
            self.look(where, f)
        return result

    async def play_hand(self, *, hints: bool) -> None:
        table = table_of(self.world)
        seat = table.seat_of(self.member.id)
        assert seat is not None
        panel = await self.click(table_message(self.world), "panel", label=self.label("My hand"))
        hinted: set[Any] = set()
        for _ in range(200):
            game = table.game
            if table.status != "playing" or game is None:
                return
            assert game.to_act == seat, "the computers should have moved"
            view = panel.response
            self.look("panel", view)
            await self.click(view, "why", label=self.label("Why?"))
            if hints and game.phase not in hinted:
                hinted.add(game.phase)
                hint = await self.click(view, "hint", label=self.label("Hint"))
                self.hint_reasons.append(hint.response.content or "")
            actions = [b for b in buttons(view) if b["custom_id"].startswith("tk:a:")]
            if actions:
                await self.member.click(view, custom_id=actions[0]["custom_id"])
            else:
                cid = selects(view)[0]["custom_id"]
                values = select_options(view, cid)
                await self.member.select(view, values[: select_min(view, cid)], custom_id=cid)
        raise AssertionError("the hand did not finish")

    def leftovers(self, lang: str, table: Table) -> list[tuple[str, str, set[str]]]:
        """Every text read with English words left once names and cards are taken out
        (cards as the reader's language names them: "C♦ kaval", so an English "C♦ rider"
        is found, issue #31): (where, text, the English words)."""
        for message in self.world.channel.history(viewer=self.member):
            self.look("channel", message)
        v = words.variant_of(table)
        strip = sorted({s.name for s in table.seats if s is not None}
                       | {self.member.name}
                       | {say_card(c, v.card_words, long=long, t=self.t) for c in CARDS for long in (False, True)},
                       key=len, reverse=True)
        marker = self.t._("The strongest computer player would choose **{choice}**. Its reason: {reason}",
                          choice="\0", reason="\0").split("\0")[-2]  # (the AI's reason follows it)
        out = []
        for where, text in self.seen:
            left = text.split(marker, 1)[0] if marker.strip() and marker in text else text
            left = re.sub(r"<@!?\d+>|<t:\d+:\w>", " ", left)
            for s in strip:
                for part in (s, s.rstrip(".")):
                    if len(part) > 1:
                        left = left.replace(part, " ")
            found = english_in(lang, left)
            if found:
                out.append((where, text, found))
        return out


async def set_languages(world: Any, lang: str) -> None:
    """The server's language by an admin, the player's by herself."""
    role = world.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = world.guild.add_member(world.env.create_user("erika"), roles=[role])
    await admin.slash(world.channel, "taroky-admin language", language=lang)
    await world.alice.slash(world.channel, "taroky language", language=lang)


@pytest.fixture
def make_bot(make_sqlite_bot: Any) -> Any:
    """A bot with its database: the table's session is booked and summed up at the end."""
    return make_sqlite_bot


@pytest.fixture
def game_factory() -> Deals:
    return Deals(seed=1)


def test_the_detector_finds_english() -> None:
    """The check can fail: an English sentence in a Czech text is found, Czech is not."""
    assert english_in("cs", "Čeká se na hráče alice. Waiting for the table.") >= {"waiting", "the", "table"}
    assert not english_in("cs", Text("cs")._("Waiting for {name}.", name="alice"))
    assert english_in("pl", "Twoja kolej. Your turn.") and english_in("ro", "Masa e plină. The table is full.")


@pytest.mark.simcord(settle_timeout=30.0)
@pytest.mark.parametrize(("lang", "variant", "hints"), [("cs", "czech", True), ("pl", "polish", False),
                                                        ("ro", "romanian", False)])
async def test_a_hand_in_the_players_language(world: Any, lang: str, variant: str, hints: bool) -> None:
    """Issue #14: a Czech (Polish, Romanian) server and player: the lobby, the table
    message, the panel, the replies to Why? and Hint, the summary and the pictures'
    descriptions carry no English but names and cards."""
    await set_languages(world, lang)
    t = Text(lang)
    reader = Reader(world, world.alice, t)
    lobby = await world.alice.slash(world.channel, "taroky new", variant=variant)
    reader.look("lobby", lobby.response)
    assert lobby.response.embeds[0].fields[0].name == t._("Seats")
    await reader.click(table_message(world), "lobby", label=t._("Start"))
    await reader.play_hand(hints=hints)
    table = table_of(world)
    assert table.status == "between" and table.game is not None and table.game.tricks
    assert Kind.PLAY in {a.kind for _, a in table.game.history}
    assert table.config.lang == lang and table.seats[0] is not None and table.seats[0].lang == lang
    public = table_message(world)  # with its picture, the fields the picture shows are left to it
    assert public.attachments and public.embeds[0].fields
    assert not {t._("Contract"), t._("Last trick")} & {f.name for f in public.embeds[0].fields}
    if hints:  # (the Czech player goes on: the help page, the rules, then closing the table)
        reader.look("help", (await world.alice.slash(world.channel, "taroky help")).response)
        await read_the_rules(reader, variant)
        reader.look("end", (await world.alice.slash(world.channel, "taroky end")).response)
        assert table.status == "closed"
    left = reader.leftovers(lang, table)
    assert {"lobby", "panel", "why", "channel"} <= {w for w, _ in reader.seen}
    assert not left, "English left:\n" + "\n".join(f"[{w}] {sorted(e)}: {text!r}" for w, text, e in left[:15])
    summary = [text for w, text in reader.seen if w == "channel" and text == t._("Hand {hand} is over", hand=1)]
    assert summary, "the summary is in the server's language"
    if hints:  # (the Hint's frame in the player's words; its reason is the AI's)
        frame = t._("The strongest computer player would choose **{choice}**. Its reason: {reason}",
                    choice="\0", reason="\0").split("\0")[0]
        assert reader.hint_reasons and all(r.startswith(frame) for r in reader.hint_reasons), reader.hint_reasons
    assert any(w == "panel picture" for w, _ in reader.seen)
    if hints:
        assert t._("The session is over") in {text for w, text in reader.seen if w == "channel"}


async def read_the_rules(reader: Reader, variant: str) -> None:
    """``/taroky rules``: the overview, a phase's page (its English key, as autocomplete
    passes it) and a glossary term typed in the reader's own words (any case, no accents;
    autocomplete offers it by its name in them), each in the reader's language, whole (a
    long page comes in several messages)."""
    t, world = reader.t, reader.world
    v = words.variant_of(table_of(world))

    async def ask(topic: str | None) -> str:
        result = await world.alice.slash(world.channel, "taroky rules", **({"topic": topic} if topic else {}))
        assert result.ephemeral
        parts = [result.response, *result.followups]
        for part in parts:
            reader.look("rules", part)
        return "\n".join(p.content or "" for p in parts)

    overview = await ask(None)
    assert overview.startswith(f"**{t.variant_title(variant)}**")
    bidding = await ask("auction")
    assert bidding.startswith("**" + t._("{page} — {variant}", page=t._("Bidding"), variant=t.variant_title(variant)))
    term = t.pgettext("game term", "forehand")
    assert "forehand" in v.glossary
    typed = unicodedata.normalize("NFKD", term.upper()).encode("ascii", "ignore").decode()
    offered = await world.alice.autocomplete(world.channel, "taroky rules", "topic", typed)
    reader.seen += [("rules autocomplete", c["name"]) for c in offered]
    assert {"name": term, "value": "forehand"} in [{"name": c["name"], "value": c["value"]} for c in offered]
    page = await ask(typed)
    assert page.startswith("**" + term[:1].upper() + term[1:]), (typed, page[:80])
    assert t._(v.glossary["forehand"][0]) in page


@pytest.mark.simcord(settle_timeout=60.0)
async def test_the_lesson_in_czech(world: Any) -> None:
    """Issue #14: a Czech learner takes the whole lesson (both prepared hands, to the
    review): its steps, goals, feedback, buttons and review are Czech, the engine's and the
    advising computer's words too; only names and cards are left in English."""
    await world.alice.slash(world.channel, "taroky language", language="cs")
    t = Text("cs")
    reader = Reader(world, world.alice, t)
    result = await world.alice.slash(world.channel, "taroky lesson", variant="czech")
    lesson = next(iter(world.bot.tables.lessons.values()))
    assert lesson.config.lang == "cs"
    for _ in range(400):
        view = result.response
        reader.look("lesson", view)
        if lesson.status != "playing":
            if not lesson.has_next_hand:
                break
            result = await reader.click(view, "lesson", label=t._("Next hand"))
            continue
        await reader.click(view, "why", label=t._("Why?"))
        actions = [b for b in buttons(view) if b["custom_id"].startswith("tk:a:")]
        if actions:
            await world.alice.click(view, custom_id=actions[0]["custom_id"])
        else:
            cid = selects(view)[0]["custom_id"]
            await world.alice.select(view, select_options(view, cid)[: select_min(view, cid)], custom_id=cid)
    else:
        raise AssertionError("the lesson did not finish")
    assert lesson.lesson.review is not None and lesson.hand_no == lesson.plan.hands
    reader.look("lesson", result.response)
    assert any(t._("Lesson — {variant}: the review", variant=t.variant_title("czech")) == text
               for w, text in reader.seen)
    left = reader.leftovers("cs", lesson)
    assert not left, "English left:\n" + "\n".join(f"[{w}] {sorted(e)}: {text!r}" for w, text, e in left[:15])
