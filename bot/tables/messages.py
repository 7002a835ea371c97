"""The messages a table shows: lobby, public table, private panel, hand summary.

Public messages are built only from ``game.public_view()`` and the seat list;
private panels from ``game.view_for(seat)``.  Components carry custom ids from
:mod:`bot.tables.ids`; the cog's dynamic items answer them, also after a restart.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import discord

from bot.tables import ids
from bot.tables.games import phase_name
from bot.tables.table import BETWEEN, CLOSED, LOBBY, PLAYING, Table

GREEN = discord.Colour(0x2E7D32)
GREY = discord.Colour(0x607D8B)

# Kinds shown as a select rather than buttons (one card per option).
SELECT_KINDS = ("discard",)
MAX_ACTION_BUTTONS = 20  # rows 0..3; row 4 holds Why? / Hint / Refresh


def _get(view: Any, *names: str) -> Any:
    for name in names:
        value = getattr(view, name, None)
        if value not in (None, "", [], (), {}):
            return value
    return None


def card_text(card: Any) -> str:
    short = getattr(card, "short", None)
    return str(short) if short is not None else str(card)


def cards_text(cards: Iterable[Any]) -> str:
    text = " ".join(card_text(c) for c in cards)
    return text or "—"


def _seat_label(table: Table, seat: int) -> str:
    s = table.seats[seat]
    if s is None:
        return "*empty*"
    if s.user_id is not None:
        label = f"<@{s.user_id}>"
        if s.away:
            label += " (away — computer plays)"
        return label
    return s.name


def money(table: Table, amount: int) -> str:
    """An amount in the variant's smallest unit, as text."""
    try:
        from bot.store.money import format_amount

        return format_amount(_currency(table), amount)
    except Exception:
        return str(amount)


def _currency(table: Table) -> str:
    try:
        from bot.engine import find_variant

        return str(find_variant(table.config.variant).currency)
    except Exception:
        return "czk_hal"


def variant_title(table: Table) -> str:
    try:
        from bot.engine import find_variant

        return str(find_variant(table.config.variant).title)
    except Exception:
        return table.config.variant.capitalize()


# ----------------------------------------------------------------------- lobby
def lobby_message(table: Table) -> tuple[discord.Embed, discord.ui.View]:
    embed = discord.Embed(
        title=f"Taroky table — {variant_title(table)}, {table.config.players} players",
        colour=GREEN,
        description=(
            "Click **Join** to take a seat. Empty seats are filled by computer players when "
            "the game starts."
            + (" Teach mode is on: panels have a **Hint** button." if table.config.teach else "")
        ),
    )
    lines = [f"{i + 1}. {_seat_label(table, i)}" for i in range(len(table.seats))]
    embed.add_field(name="Seats", value="\n".join(lines), inline=False)
    if table.config.options:
        opts = ", ".join(f"{k}={v}" for k, v in sorted(table.config.options.items()))
        embed.add_field(name="House rules", value=opts, inline=False)
    embed.set_footer(text=f"table {table.id}")
    view = discord.ui.View(timeout=None)
    for what, label, style in (
        ("join", "Join", discord.ButtonStyle.success),
        ("leave", "Leave", discord.ButtonStyle.secondary),
        ("ai", "Add computer", discord.ButtonStyle.secondary),
        ("start", "Start", discord.ButtonStyle.primary),
    ):
        view.add_item(discord.ui.Button(label=label, style=style, custom_id=ids.lobby(table.id, what)))
    return embed, view


# ----------------------------------------------------------------------- public table
def _pairs_text(table: Table, value: Any) -> str:
    """Render a value: ``(seat, thing)`` pairs become "Name: thing" lines, cards their code."""
    if isinstance(value, str):
        return value
    if hasattr(value, "short"):
        return card_text(value)
    if isinstance(value, (list, tuple)):
        if all(hasattr(v, "short") for v in value):
            return cards_text(value)
        lines = []
        for item in value:
            if isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], int):
                lines.append(f"{table.seat_name(item[0])}: {_pairs_text(table, item[1])}")
            elif isinstance(item, tuple) and len(item) == 2 and isinstance(item[1], int):
                lines.append(f"{_pairs_text(table, item[0])} ×{item[1]}")
            else:
                lines.append(_pairs_text(table, item))
        return "\n".join(lines)
    return str(value)


def _public_lines(table: Table, pub: Any) -> list[tuple[str, str]]:
    """(field name, value) pairs describing the public state, in a stable order.

    Only fields every player may see are read: bids, contract, called card,
    announcements, doubles, exposed talon and public discards, the tricks.
    """
    fields: list[tuple[str, str]] = []
    for label, names in (
        ("Bids", ("bids",)),
        ("Contract", ("contract",)),
        ("Called", ("called",)),
        ("Announcements", ("announcements",)),
        ("Doubles", ("doubles",)),
        ("Talon shown", ("exposed",)),
        ("Discarded face up", ("public_discards",)),
    ):
        value = _get(pub, *names)
        if value is None:
            continue
        if label == "Contract":
            bidder = getattr(pub, "bidder", None)
            if isinstance(bidder, int):
                value = f"{value} — declarer {table.seat_name(bidder)}"
        fields.append((label, _pairs_text(table, value)))
    trick = _get(pub, "trick")
    if trick is not None:
        fields.append(("Trick", trick_text(table, trick)))
    last = _get(pub, "last_trick")
    if last is not None:
        text = trick_text(table, last)
        winner = getattr(pub, "last_winner", None)
        if isinstance(winner, int) and winner >= 0:
            text += f" → won by {table.seat_name(winner)}"
        talon = getattr(pub, "last_trick_talon", None)
        if talon is not None:  # Varšava: a talon card goes face up with it (CZ-13)
            text += f", with the talon card {getattr(talon, 'short', talon)}"
        fields.append(("Last trick", text))
    return fields


def trick_text(table: Table, trick: Any) -> str:
    plays = getattr(trick, "plays", trick)
    parts: list[str] = []
    for item in plays or []:
        if isinstance(item, tuple) and len(item) == 2:
            seat, card = item
        else:
            seat, card = getattr(item, "seat", None), getattr(item, "card", item)
        who = table.seat_name(int(seat)) if isinstance(seat, int) else "?"
        parts.append(f"{who}: **{card_text(card)}**")
    winner = getattr(trick, "winner", None)
    text = ", ".join(parts) or "—"
    if isinstance(winner, int):
        text += f" → {table.seat_name(winner)}"
    return text


def deal_of(table: Table) -> str:
    """", deal k of N" in a session of N agreed deals (``/taroky new deals=N``), else ""."""
    n = int(getattr(table.config, "deals", 0) or 0)
    if n <= 0:
        return ""
    k = table.session_deals + (1 if table.status == PLAYING else 0)
    return f", deal {min(max(k, 1), n)} of {n}"


def table_message(table: Table) -> tuple[discord.Embed, discord.ui.View]:
    """The public table message: never shows a card only one player may see."""
    if table.status == LOBBY:
        return lobby_message(table)
    game = table.game
    embed = discord.Embed(title=f"Taroky — {variant_title(table)}, hand {table.hand_no}{deal_of(table)}",
                          colour=GREEN)
    order = list(range(len(table.seats)))
    to_act = game.to_act if (game is not None and table.status == PLAYING) else None
    lines = []
    for i in order:
        marks = []
        if i == table.dealer:
            marks.append("dealer")
        if i == to_act:
            marks.append("**to act**")
        tail = f" — {', '.join(marks)}" if marks else ""
        arrow = "▶ " if i == to_act else ""
        lines.append(f"{arrow}{i + 1}. {_seat_label(table, i)}{tail}  ({money(table, table.scores[i])})")
    embed.add_field(name="Seats (in play order)", value="\n".join(lines), inline=False)
    if game is not None:
        pub = game.public_view()
        phase = phase_name(game)
        status = f"Phase: **{phase}**."
        if to_act is not None:
            status += f" Waiting for {_seat_label(table, to_act)}."
        embed.description = status
        for name, value in _public_lines(table, pub):
            embed.add_field(name=name, value=value[:1024], inline=False)
    view = discord.ui.View(timeout=None)
    if table.status == PLAYING:
        view.add_item(
            discord.ui.Button(label="My hand", style=discord.ButtonStyle.primary, custom_id=ids.my_hand(table.id))
        )
    elif table.status == BETWEEN:
        embed.colour = GREY
        view.add_item(
            discord.ui.Button(
                label="Deal the next hand", style=discord.ButtonStyle.success, custom_id=ids.next_hand(table.id)
            )
        )
    elif table.status == CLOSED:
        embed.colour = GREY
        embed.description = "This table is closed."
    embed.set_footer(text=f"table {table.id}")
    return embed, view


# ----------------------------------------------------------------------- private panel
def panel_message(table: Table, seat: int) -> tuple[discord.Embed, discord.ui.View]:
    """The private (ephemeral) panel of one seat: hand, prompt, legal choices only."""
    game = table.game
    embed = discord.Embed(title=f"Your hand — table {table.id}, hand {table.hand_no}", colour=GREEN)
    view = discord.ui.View(timeout=None)
    if game is None or table.status != PLAYING:
        embed.description = "The hand is over; the summary is in the channel."
        return embed, view
    pv = game.view_for(seat)
    hand = list(getattr(pv, "hand", []) or [])
    prompt = getattr(pv, "prompt", "") or ""
    legal = list(game.legal_actions(seat))
    if game.to_act == seat and legal:
        embed.description = f"**Your turn.** {prompt}"
    else:
        waiting = game.to_act
        who = table.seat_name(waiting) if isinstance(waiting, int) else "nobody"
        embed.description = prompt or f"Waiting for {who}."
        if not prompt:
            embed.description = f"Waiting for {who}."
    embed.add_field(name=f"Your cards ({len(hand)})", value=cards_text(hand), inline=False)
    talon = _get(pv, "talon_seen", "my_talon", "talon")
    if talon is not None and isinstance(talon, (list, tuple)):
        embed.add_field(name="Talon you see", value=cards_text(talon), inline=False)
    for name, value in _public_lines(table, pv):
        embed.add_field(name=name, value=value[:1024], inline=False)
    if game.to_act == seat and legal:
        _add_action_components(table, view, legal)
    row = 4
    step = table.step
    view.add_item(
        discord.ui.Button(
            label="Why?", style=discord.ButtonStyle.secondary, custom_id=ids.why(table.id, table.hand_no, step), row=row
        )
    )
    if table.config.teach and game.to_act == seat and legal:
        view.add_item(
            discord.ui.Button(
                label="Hint", style=discord.ButtonStyle.secondary, custom_id=ids.hint(table.id, table.hand_no, step), row=row
            )
        )
    view.add_item(
        discord.ui.Button(label="Refresh", style=discord.ButtonStyle.secondary, custom_id=ids.refresh(table.id), row=row)
    )
    return embed, view


def _kind(action: Any) -> str:
    kind = getattr(action, "kind", "")
    return str(getattr(kind, "value", kind))


def _add_action_components(table: Table, view: discord.ui.View, legal: list[Any]) -> None:
    hand_no, step = table.hand_no, table.step
    selects: dict[str, list[Any]] = {}
    buttons: list[Any] = []
    for a in legal:
        if _kind(a) in SELECT_KINDS:
            selects.setdefault(_kind(a), []).append(a)
        else:
            buttons.append(a)
    rows_for_selects = len(selects)
    max_buttons = MAX_ACTION_BUTTONS - 5 * rows_for_selects
    if len(buttons) > max_buttons:
        # Too many for buttons (a long list of cards): one select per kind instead.
        for a in buttons:
            selects.setdefault(_kind(a), []).append(a)
        buttons = []
    for i, a in enumerate(buttons):
        style = discord.ButtonStyle.primary if _kind(a) == "play" else discord.ButtonStyle.secondary
        if _kind(a) in ("pass", "done", "decline"):
            style = discord.ButtonStyle.secondary
        elif _kind(a) in ("bid", "call", "draw", "take", "announce", "double"):
            style = discord.ButtonStyle.success
        view.add_item(
            discord.ui.Button(
                label=str(a.label)[:80], style=style, custom_id=ids.action(table.id, hand_no, step, a.code), row=i // 5
            )
        )
    row = (len(buttons) + 4) // 5
    for kind, actions in list(selects.items())[: 4 - row + 1]:
        multi = kind == "discard"
        options = [discord.SelectOption(label=str(a.label)[:100], value=a.code) for a in actions[:25]]
        select: discord.ui.Select[discord.ui.View] = discord.ui.Select(
            custom_id=ids.select(table.id, hand_no, step, kind),
            placeholder="Choose cards to discard" if multi else f"Choose: {kind}",
            min_values=1,
            max_values=len(options) if multi else 1,
            options=options,
            row=min(row, 3),
        )
        view.add_item(select)
        row += 1


# ----------------------------------------------------------------------- summary
def summary_message(table: Table, hand_no: int, result: Any) -> discord.Embed:
    """End-of-hand summary: card points, every payment, the new balances."""
    embed = discord.Embed(title=f"Hand {hand_no} is over", colour=GREY)
    text = getattr(result, "summary", None)
    if callable(text):
        text = text()
    if isinstance(text, str) and text:
        embed.description = text[:4000]
    points = getattr(result, "card_points", None)
    if points:
        if hasattr(points, "items"):
            value = "\n".join(f"{_side_name(table, k)}: {v}" for k, v in points.items())
        else:
            value = "\n".join(f"{table.seat_name(i)}: {v}" for i, v in enumerate(points))
        embed.add_field(name="Card points", value=value[:1024], inline=False)
    lines = getattr(result, "lines", None) or []
    if lines:
        rendered = []
        for line in lines:
            label = getattr(line, "label", None) or getattr(line, "text", str(line))
            net = getattr(line, "net", None)
            amount = getattr(line, "amount", None)
            if net is not None and hasattr(net, "items"):
                parts = ", ".join(
                    f"{_side_name(table, who)} {'+' if v > 0 else ''}{money(table, v)}"
                    for who, v in net.items()
                    if v
                )
                rendered.append(f"{label}: {parts}" if parts else str(label))
            elif isinstance(amount, int):
                rendered.append(f"{label}: {money(table, amount)}")
            else:
                rendered.append(str(label))
        embed.add_field(name="Payments", value="\n".join(rendered)[:1024], inline=False)
    transfers = getattr(result, "transfers", None) or []
    if transfers:
        rendered = [
            f"{_side_name(table, t.payer)} → {_side_name(table, t.payee)}: {money(table, int(t.amount))}"
            for t in transfers
        ]
        embed.add_field(name="Transfers", value="\n".join(rendered)[:1024], inline=False)
    balances = "\n".join(f"{table.seat_name(i)}: {money(table, s)}" for i, s in enumerate(table.scores))
    embed.add_field(name="Balances this session", value=balances, inline=False)
    return embed


def _side_name(table: Table, who: Any) -> str:
    if isinstance(who, int) and 0 <= who < len(table.seats):
        return table.seat_name(who)
    if who is None or str(who).lower() == "pool":
        return "the pool"
    return str(who)
