"""Helpers for SimCord tests: find the table message, open panels, click choices."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bot.tables.deals import Deals
from bot.tables.table import Table
from cogs.ui.components import ActionButton


def seeded_factory(base_seed: int) -> Deals:
    """The real engine with a reproducible shuffle: hand n uses seed base + n."""
    return Deals(seed=base_seed)


def action_code(custom_id: str) -> str:
    """The engine action code an action button's id carries (parsed by the button's own
    template, as the bot does)."""
    match = ActionButton.__discord_ui_compiled_template__.fullmatch(custom_id)
    assert match is not None, custom_id
    return match["code"]


def table_of(world: Any) -> Table:
    table = world.bot.tables.get(world.channel.id)
    assert table is not None, "no table in the channel"
    return table  # type: ignore[no-any-return]


def table_message(world: Any) -> Any:
    """The public table message (a discord.Message) as everyone sees it."""
    table = table_of(world)
    for message in world.channel.history():
        if message.id == table.message_id:
            return message
    raise AssertionError("the table message is missing")


def custom_ids(message: Any) -> list[str]:
    out: list[str] = []
    rows = message.components
    for row in rows:
        children = row.get("components", []) if isinstance(row, dict) else getattr(row, "children", [])
        for c in children:
            cid = c.get("custom_id") if isinstance(c, dict) else getattr(c, "custom_id", None)
            if cid:
                out.append(cid)
    return out


def labels(message: Any) -> list[str]:
    out: list[str] = []
    for row in message.components:
        children = row.get("components", []) if isinstance(row, dict) else getattr(row, "children", [])
        for c in children:
            label = c.get("label") if isinstance(c, dict) else getattr(c, "label", None)
            if label:
                out.append(label)
    return out


def action_ids(message: Any) -> list[str]:
    """Custom ids of the game-choice buttons on a panel."""
    return [c for c in custom_ids(message) if c.startswith("tk:a:")]


def select_ids(message: Any) -> list[str]:
    return [c for c in custom_ids(message) if c.startswith("tk:s:")]


def select_options(message: Any, custom_id: str) -> list[str]:
    for row in message.components:
        for c in row.get("components", []):
            if c.get("custom_id") == custom_id:
                return [o["value"] for o in c.get("options", [])]
    return []


def select_min(message: Any, custom_id: str) -> int:
    """How many options a select requires (a discard takes exactly as many as needed)."""
    for row in message.components:
        for c in row.get("components", []):
            if c.get("custom_id") == custom_id:
                return int(c.get("min_values", 1))
    return 1


async def open_panel(world: Any, member: Any, label: str = "My hand") -> Any:
    """Click My hand (``label``: in the table's language) on the table message; returns
    the (ephemeral) panel message."""
    result = await member.click(table_message(world), label=label)
    assert result.ephemeral, "the panel must be ephemeral"
    panel = result.response
    assert panel is not None and panel.ephemeral
    return result


async def take_turn(member: Any, panel_result: Any, choose: Any = None) -> Any:
    """Make one choice on the member's panel (first legal choice unless ``choose``)."""
    panel = panel_result.response
    buttons = action_ids(panel)
    selects = select_ids(panel)
    if choose is not None:
        return await choose(member, panel, buttons, selects)
    if buttons:
        return await member.click(panel, custom_id=buttons[0])
    if selects:
        cid = selects[0]
        values = select_options(panel, cid)
        return await member.select(panel, values[:select_min(panel, cid)], custom_id=cid)
    raise AssertionError(f"no choice on the panel: {panel.embeds[0].description if panel.embeds else panel}")


def engine_first(code: str) -> Any:
    """A chooser for ``take_turn`` that makes the engine's first legal choice (``code``),
    wherever the panel shows it (the panel puts the safe choice first)."""

    async def choose(member: Any, panel: Any, buttons: list[str], selects: list[str]) -> Any:
        for cid in buttons:
            if action_code(cid) == code:
                result = await member.click(panel, custom_id=cid)
                if result.ephemeral and (result.response.content or "").startswith("Are you sure?"):
                    return await member.click(result.response, label="Yes, say it")  # teach mode asks
                return result
        for cid in selects:
            values = select_options(panel, cid)
            if code in values:
                need = select_min(panel, cid)
                picked = [code, *[v for v in values if v != code]][:need]
                return await member.select(panel, picked, custom_id=cid)
        raise AssertionError(f"{code} is not on the panel")

    return choose


async def play_out(world: Any, panels: dict[int, Any], limit: int = 400) -> None:
    """Let every human (whose panel is in ``panels`` by user id) act until the hand ends."""
    table = table_of(world)
    members = {m.id: m for m in world.players}
    for _ in range(limit):
        if table.status != "playing":
            return
        game = table.game
        assert game is not None
        seat = game.to_act
        assert seat is not None
        s = table.seats[seat]
        assert s is not None and s.user_id is not None, "a computer seat should have acted by now"
        await take_turn(members[s.user_id], panels[s.user_id], engine_first(game.legal_actions(seat)[0].code))
    raise AssertionError("the hand did not finish")

# House rule for tests: a quiet povinnost is played out (not settled without play, CZ-10),
# so that hands reach the tricks.
PLAY = "throw_in_povinnost=false"


async def two_humans(world: Any, teach: bool = False) -> Any:
    """Alice and Bob at a started table (the rest computers), each with a panel open:
    returns the table and the panels by user id.  Teach mode is off unless asked for (its
    questions before an announcement would stand between a click and its effect)."""
    await world.alice.slash(world.channel, "taroky new", options=PLAY, teach=teach)
    await world.bob.click(table_message(world), label="Join")
    await world.alice.click(table_message(world), label="Start")
    table = table_of(world)
    panels = {m.id: await open_panel(world, m) for m in (world.alice, world.bob)}
    return table, panels


async def human_before_a_computer(world: Any) -> Any:
    """``two_humans``, then played on until the human to move is followed by a computer
    (a move the computers answer at once): returns the table, the panels and that
    human."""
    table, panels = await two_humans(world)
    humans = {table.seat_of(m.id): m for m in (world.alice, world.bob)}
    seats = len(table.seats)
    if (table.game.to_act + 1) % seats in humans:  # (a move the other human answers: play it first)
        await take_turn(humans[table.game.to_act], panels[humans[table.game.to_act].id])
    mover = humans[table.game.to_act]
    assert (table.game.to_act + 1) % seats not in humans
    return table, panels, mover


def visible_texts(message: Any) -> list[str]:
    """Everything a member reads on a message (a ``discord.Message`` or an ephemeral
    ``ResponseMessage``): its content, each embed's title, description, fields and footer,
    and each component's label, placeholder and options.  (The pictures' alt texts are the
    rendering's and are checked there.)"""
    out: list[str] = []
    if getattr(message, "content", None):
        out.append(message.content)
    for embed in getattr(message, "embeds", None) or []:
        out += [t for t in (embed.title, embed.description) if t]
        for f in embed.fields:
            out += [f.name or "", f.value or ""]
        if embed.footer and embed.footer.text:
            out.append(embed.footer.text)
    for row in getattr(message, "components", None) or []:
        children = row.get("components", []) if isinstance(row, dict) else getattr(row, "children", [])
        for c in children:
            get = c.get if isinstance(c, dict) else (lambda k, c=c: getattr(c, k, None))
            out += [t for t in (get("label"), get("placeholder")) if t]
            for o in get("options") or []:
                out += [t for t in ((o.get("label"), o.get("description")) if isinstance(o, dict)
                                    else (o.label, o.description)) if t]
    return out


def seen_on(where: str, message: Any) -> list[tuple[str, str]]:
    """What a member reads on ``message`` (``visible_texts``) and its pictures' alt texts,
    each with ``where`` it was read ("<where> picture" for an alt text); nothing for None."""
    if message is None:
        return []
    out = [(where, t) for t in visible_texts(message)]
    for a in getattr(message, "attachments", None) or []:
        alt = a.get("description") if isinstance(a, dict) else getattr(a, "description", None)
        if alt:
            out.append((f"{where} picture", alt))
    return out


def seen_in(where: str, result: Any) -> list[tuple[str, str]]:
    """What a member reads in an interaction's ``result``: its response and followups
    (``seen_on`` each)."""
    out = seen_on(where, result.response)
    for f in result.followups:
        out += seen_on(where, f)
    return out


def buttons(message: Any) -> list[dict[str, Any]]:
    """The buttons of a message as raw component dicts (label, style, custom_id), in order."""
    out: list[dict[str, Any]] = []
    for row in message.components:
        for c in row.get("components", []):
            if c.get("type") == 2:
                out.append(c)
    return out


def selects(message: Any) -> list[dict[str, Any]]:
    """The select menus of a message as raw component dicts."""
    return [c for row in message.components for c in row.get("components", []) if c.get("type") == 3]


@contextlib.contextmanager
def refused(path: Path, trigger: str) -> Iterator[None]:
    """The database fails one kind of statement while inside: a real SQLite trigger
    (``trigger``: its event, e.g. ``BEFORE UPDATE ON ledger``) aborts it, in the bot's own
    transaction, with SQLite's own error."""
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as conn:
        conn.execute(f"CREATE TRIGGER refused {trigger} BEGIN SELECT RAISE(ABORT, 'refused'); END")
    try:
        yield
    finally:
        with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as conn:
            conn.execute("DROP TRIGGER refused")
