"""The messages a table shows: lobby, public table, private panel, hand summary.

Public messages are built only from ``game.public_view()`` and the seat list;
private panels from ``game.view_for(seat)``.  Their buttons and selects are the
dynamic items of :mod:`bot.tables.components`, which answer them, also after a restart.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import discord

from bot.engine import Action, Card, HandResult, Kind, PlayerView, Variant, find_variant
from bot.engine.scoring import POOL
from bot.store.models import Session
from bot.store.money import format_amount
from bot.tables.components import (
    LOBBY_CHOICES,
    ActionButton,
    ActionSelect,
    HintButton,
    LobbyButton,
    MyHandButton,
    NextHandButton,
    RefreshButton,
    WhyButton,
)
from bot.tables.table import BETWEEN, CLOSED, LOBBY, PLAYING, Table
from bot.tables.turns import takeover_line

GREEN = discord.Colour(0x2E7D32)
GREY = discord.Colour(0x607D8B)

# Kinds shown as a select rather than buttons (one card per option).
SELECT_KINDS = (Kind.DISCARD,)
MAX_ACTION_BUTTONS = 20  # rows 0..3; row 4 holds Why? / Hint / Refresh
CHOOSING_KINDS = (Kind.BID, Kind.CALL, Kind.DRAW, Kind.TAKE, Kind.ANNOUNCE, Kind.DOUBLE)


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(c.short for c in cards) or "—"


def _seat_label(table: Table, seat: int) -> str:
    s = table.seats[seat]
    if s is None:
        return "*empty*"
    if s.user_id is not None:
        label = f"<@{s.user_id}>"
        if s.away:
            label += " (away — computer plays)"
        return label
    return f"{s.name} — {s.level or table.config.level}"


def variant_of(table: Table) -> Variant:
    return find_variant(table.config.variant)


def money(table: Table, amount: int) -> str:
    """An amount in the variant's smallest unit, as text."""
    return format_amount(variant_of(table).currency, amount)


def variant_title(table: Table) -> str:
    return variant_of(table).title


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
    for what in LOBBY_CHOICES:
        button = LobbyButton(table.id, what)
        if what == "level":  # (the level new computers get; each seat keeps its own)
            button.item.label = f"Computers: {table.config.level}"
        view.add_item(button)
    return embed, view


# ----------------------------------------------------------------------- public table
def _by_seat(table: Table, pairs: Iterable[tuple[int, str]]) -> str:
    return "\n".join(f"{table.seat_name(seat)}: {text}" for seat, text in pairs)


def public_lines(table: Table, pub: PlayerView) -> list[tuple[str, str]]:
    """(field name, value) pairs describing the public state, in a stable order.

    Only what every player may see is read: bids, contract, called card,
    announcements, doubles, exposed talon and public discards, the tricks.
    """
    fields: list[tuple[str, str]] = []
    if pub.bids:
        fields.append(("Bids", _by_seat(table, pub.bids)))
    if pub.contract:
        contract = pub.contract
        if pub.bidder is not None:
            contract += f" — declarer {table.seat_name(pub.bidder)}"
        fields.append(("Contract", contract))
    if pub.called:
        fields.append(("Called", pub.called))
    if pub.announcements:
        fields.append(("Announcements", _by_seat(table, pub.announcements)))
    if pub.doubles and table.game is not None:
        # In the variant's words and as the multiplier (Kontra ×2 … Mord ×16, PL-6).
        v = table.game.variant
        fields.append(("Doubles", "\n".join(
            f"{v.title_of(name)}: {v.double_word(level)} ×{2 ** level}"
            for name, level in pub.doubles)))
    if pub.shown:  # cards laid face up from a hand (Kozy's four kings): public while held
        fields.append(("Shown from a hand", _by_seat(table, ((s, cards_text(cs)) for s, cs in pub.shown))))
    if pub.exposed:
        fields.append(("Talon shown", cards_text(pub.exposed)))
    if pub.public_discards:
        fields.append(("Discarded face up", _by_seat(table, ((s, c.short) for s, c in pub.public_discards))))
    if pub.trick:
        fields.append(("Trick", trick_text(table, pub.trick)))
    if pub.last_trick:
        text = trick_text(table, pub.last_trick)
        if pub.last_winner is not None:
            text += f" → won by {table.seat_name(pub.last_winner)}"
        if pub.last_trick_talon is not None:  # Varšava: a talon card goes face up with it (CZ-13)
            text += f", with the talon card {pub.last_trick_talon.short}"
        fields.append(("Last trick", text))
    return fields


def trick_text(table: Table, plays: Sequence[tuple[int, Card]]) -> str:
    return ", ".join(f"{table.seat_name(seat)}: **{card.short}**" for seat, card in plays) or "—"


def deal_of(table: Table) -> str:
    """", deal k of N" in a session of N agreed deals (``/taroky new deals=N``), else ""."""
    n = table.config.deals
    if n <= 0:
        return ""
    k = table.session_deals + (1 if table.status == PLAYING else 0)
    return f", deal {min(max(k, 1), n)} of {n}"


def pool_and_radler(table: Table) -> str:
    """The pool with this deal's antes (RO-4) and the radler (RO-23), as one line; "" when
    the table plays neither (other pools are shown by /taroky pool and the summary)."""
    game = table.game
    parts = []
    pool = table.session.pool
    if game is not None and table.status == PLAYING:
        pool = game.pool + sum(game.antes.values())
    if game is not None and game.antes:  # (a pool fed by antes: shown all along)
        parts.append(f"pool {money(table, pool)}")
    left = table.session.radler_left
    if game is not None and table.status == PLAYING and game.stake > 1:
        more = left - 1
        parts.append(f"radler: this deal at ×{game.stake} stakes"
                     + (f", {more} more to come" if more > 0 else ", the last one"))
    elif left > 0:
        parts.append(f"radler: the next {left} deal{'s' if left > 1 else ''} at double stakes")
    return "; ".join(parts)


def table_message(table: Table) -> tuple[discord.Embed, discord.ui.View]:
    """The public table message: never shows a card only one player may see."""
    if table.status == LOBBY:
        return lobby_message(table)
    game = table.game
    embed = discord.Embed(title=f"Taroky — {variant_title(table)}, hand {table.hand_no}{deal_of(table)}",
                          colour=GREEN)
    to_act = game.to_act if (game is not None and table.status == PLAYING) else None
    lines = []
    for i in range(len(table.seats)):
        marks = []
        if i == table.dealer:
            marks.append("dealer")
        if i == to_act:
            marks.append("**to act**")
        tail = f" — {', '.join(marks)}" if marks else ""
        arrow = "▶ " if i == to_act else ""
        lines.append(f"{arrow}{i + 1}. {_seat_label(table, i)}{tail}  ({money(table, table.scores[i])})")
    embed.add_field(name="Seats (in play order)", value="\n".join(lines), inline=False)
    extra = pool_and_radler(table)
    if extra:
        embed.add_field(name="Pool and radler" if "radler" in extra else "Pool",
                        value=extra[0].upper() + extra[1:], inline=False)
    if game is not None:
        pub: PlayerView = game.public_view()
        status = f"Phase: **{pub.phase}**."
        if to_act is not None:
            status += f" Waiting for {_seat_label(table, to_act)}."
        embed.description = status
        for name, value in public_lines(table, pub):
            embed.add_field(name=name, value=value[:1024], inline=False)
    if table.deal_commitment is not None and table.status in (PLAYING, BETWEEN):
        embed.add_field(name="Shuffle commitment", value=(
            f"`{table.deal_commitment}`\nA fingerprint of this hand's deck, fixed before the deal; "
            "the hand's record reveals the deck and its secret, so `taroky verify` can check it."),
            inline=False)
    if table.status == BETWEEN and table.unsettled is not None:
        embed.add_field(name="Not paid yet", value=(
            "The database did not take this hand's payments; they are retried automatically "
            f"({table.settle_failures} attempt(s) failed so far). Nothing is lost: the next hand "
            "can be dealt once this one is paid."), inline=False)
    view = discord.ui.View(timeout=None)
    if table.status == PLAYING:
        view.add_item(MyHandButton(table.id))
    elif table.status == BETWEEN:
        embed.colour = GREY
        view.add_item(NextHandButton(table.id))
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
    pv: PlayerView = game.view_for(seat)
    legal = list(pv.legal)
    if legal:
        embed.description = f"**Your turn.** {pv.prompt}"
        clock = takeover_line(table, seat)  # the countdown (bot.tables.turns)
        if clock:
            embed.description += f"\n{clock}"
    else:
        who = table.seat_name(pv.to_act) if pv.to_act is not None else "nobody"
        embed.description = pv.prompt or f"Waiting for {who}."
    embed.add_field(name=f"Your cards ({len(pv.hand)})", value=cards_text(pv.hand), inline=False)
    if pv.talon_seen:
        embed.add_field(name="Talon you see", value=cards_text(pv.talon_seen), inline=False)
    for name, value in public_lines(table, pv):
        embed.add_field(name=name, value=value[:1024], inline=False)
    if legal:
        _add_action_components(table, seat, view, legal)
    row = 4
    view.add_item(WhyButton(table.id, seat, table.hand_no, table.step, row=row))
    if table.config.teach and legal:
        view.add_item(HintButton(table.id, seat, table.hand_no, table.step, row=row))
    view.add_item(RefreshButton(table.id, seat, row=row))
    return embed, view


def _style(action: Action) -> discord.ButtonStyle:
    if action.kind is Kind.PLAY:
        return discord.ButtonStyle.primary
    if action.kind in CHOOSING_KINDS:
        return discord.ButtonStyle.success
    return discord.ButtonStyle.secondary


def _add_action_components(table: Table, seat: int, view: discord.ui.View, legal: list[Action]) -> None:
    selects: dict[Kind, list[Action]] = {}
    buttons: list[Action] = []
    for a in legal:
        if a.kind in SELECT_KINDS:
            selects.setdefault(a.kind, []).append(a)
        else:
            buttons.append(a)
    max_buttons = MAX_ACTION_BUTTONS - 5 * len(selects)
    if len(buttons) > max_buttons:
        # Too many for buttons (a long list of cards): one select per kind instead.
        for a in buttons:
            selects.setdefault(a.kind, []).append(a)
        buttons = []
    for i, a in enumerate(buttons):
        view.add_item(ActionButton.of(table, seat, a, _style(a), row=i // 5))
    row = (len(buttons) + 4) // 5
    for kind, actions in list(selects.items())[: 4 - row + 1]:
        multi = kind is Kind.DISCARD
        options = [discord.SelectOption(label=a.label[:100], value=a.code) for a in actions[:25]]
        view.add_item(
            ActionSelect(
                table.id, seat, table.hand_no, table.step, kind.value,
                options=options,
                placeholder="Choose cards to discard" if multi else f"Choose: {kind.value}",
                max_values=len(options) if multi else 1,
                row=min(row, 3),
            )
        )
        row += 1


# ----------------------------------------------------------------------- summary
def summary_message(table: Table, hand_no: int, result: HandResult) -> discord.Embed:
    """End-of-hand summary: card points, every payment, the new balances."""
    embed = discord.Embed(title=f"Hand {hand_no} is over", colour=GREY)
    if result.summary:
        embed.description = result.summary[:4000]
    if result.card_points:
        value = "\n".join(f"{side}: {result.points_text(side)}" for side in result.card_points)
        embed.add_field(name="Card points", value=value[:1024], inline=False)
    if result.lines:
        rendered = []
        for line in result.lines:
            parts = ", ".join(
                f"{side_name(table, who)} {'+' if v > 0 else ''}{money(table, v)}"
                for who, v in line.net.items()
                if v
            )
            rendered.append(f"{line.label}: {parts}" if parts else line.label)
        embed.add_field(name="Payments", value="\n".join(rendered)[:1024], inline=False)
    if result.transfers:
        transfers = [
            f"{side_name(table, t.payer)} → {side_name(table, t.payee)}: {money(table, t.amount)}"
            for t in result.transfers
        ]
        embed.add_field(name="Transfers", value="\n".join(transfers)[:1024], inline=False)
    balances = "\n".join(f"{table.seat_name(i)}: {money(table, s)}" for i, s in enumerate(table.scores))
    embed.add_field(name="Balances this session", value=balances, inline=False)
    return embed


def side_name(table: Table, who: int) -> str:
    """A payer or payee: a seat's name, or the pool."""
    if who == POOL:
        return "the pool"
    return table.seat_name(who)


# ----------------------------------------------------------------------- session
FINISH_TEXT = {
    "deals_completed": "all agreed deals were played",
    "broke": "a player could not pay",
    "stopped": "the table was closed",
}


def who(player_id: int) -> str:
    """A player for an embed: a mention (no ping in embeds) or the computer's seat."""
    if player_id < 0:
        return f"Computer (seat {-player_id})"
    return f"<@{player_id}>"


def signed(currency: str, amount: int) -> str:
    return ("+" if amount > 0 else "") + format_amount(currency, amount)


def session_summary_embed(table: Table, session: Session) -> discord.Embed:
    """The end of a session: why it ended, deals played and everyone's total."""
    currency = session.currency
    reason = FINISH_TEXT.get(session.finish_reason or "", session.finish_reason or "it ended")
    planned = f" of {session.deals_planned}" if session.deals_planned else ""
    embed = discord.Embed(
        title="The session is over",
        description=f"{session.deals_played}{planned} deal(s) played; {reason}.",
        colour=discord.Colour.dark_gold(),
    )
    names: dict[int, str] = {}
    for seat in range(len(table.seats)):
        names[table.participant(seat)] = table.seat_name(seat)
    for seat, pid in enumerate(table.hand_players):
        names.setdefault(pid, table.seat_name(seat))
    ranking = sorted(session.totals.items(), key=lambda kv: -kv[1])
    embed.add_field(
        name="Session totals",
        value="\n".join(f"{names.get(p, who(p))}: {signed(currency, a)}" for p, a in ranking) or "No money moved.",
        inline=False,
    )
    embed.set_footer(text="Deal the next hand to start a new session, or /taroky end to close the table.")
    return embed
