"""Pure functions from a table's state to the rendering package's scenes.

* :func:`table_scene` — the public table picture, built **only** from
  ``game.public_view()`` and the seat list (never from a player's view);
* :func:`hand_scene` — one player's hand for their private panel, from
  ``game.view_for(seat)``; the legal cards are highlighted when it is their turn;
* :func:`trick_scene` — one trick on its own;
* :func:`summary_scene` — the end of a hand, from ``game.result`` (every hand is
  public by then) and the new balances.

Nothing here touches Discord or draws anything; the scenes are small frozen
dataclasses that :mod:`bot.tables.output` renders in a worker thread.  The functions
read the engine's own types (``PlayerView``, ``HandResult``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.engine import Card, Game, HandResult, Kind, PlayerView
from bot.engine.scoring import POOL
from bot.tables import words
from bot.tables.messages import (
    called_text,
    deal_of,
    money,
    pool_and_radler,
    variant_of,
    variant_title,
)
from bot.tables.table import PLAYING, Table
from rendering import (
    HandScene,
    PaymentLine,
    PlayedTrick,
    PlayerBalance,
    SeatInfo,
    SideResult,
    SummaryScene,
    TableScene,
    TrickScene,
)


# ----------------------------------------------------------------------- helpers
def game_of(table: Table) -> Game | None:
    """The table's game (None between tables' lives)."""
    return table.game


def clockwise(table: Table) -> bool:
    """Whether play order runs clockwise (Nebraska, Heun) — only a drawing matter (C-1)."""
    return variant_of(table).clockwise


def _trick(plays: Sequence[tuple[int, Card]], winner: int | None = None) -> PlayedTrick | None:
    if not plays:
        return None
    seats = [s for s, _ in plays]
    won = winner if winner is not None and winner in seats else None
    return PlayedTrick(list(plays), plays[0][0], won)  # the first card is always the leader's


def _signed(table: Table, amount: int) -> str:
    text = money(table, amount)
    return f"+{text}" if amount > 0 else text


def picture_name(table: Table, seat: int) -> str:
    """A seat's name for a picture: plain text (no mention), the same name every text of
    the table uses (``Table.seat_name``: "Bětka (computer)")."""
    return table.seat_name(seat)


def seat_infos(table: Table, view: PlayerView | None = None) -> list[SeatInfo]:
    """The seats in play order with plain display names (no mentions: this is a picture)."""
    n = len(table.seats)
    dealer = view.dealer if view is not None else table.dealer
    forehand = view.forehand if view is not None else None
    sitting_out = view.sitting_out if view is not None else None
    return [
        SeatInfo(
            name=picture_name(table, i),
            is_dealer=i == dealer,
            is_forehand=i == forehand,
            sitting_out=i == sitting_out,
        )
        for i in range(n)
    ]


# ----------------------------------------------------------------------- public table
def table_scene(table: Table) -> TableScene | None:
    """The public table picture, or None in the lobby (no game yet).

    Reads ``game.public_view()`` only: played cards, talon cards lying face up, discards
    made face up, the called card's name — everything every player sees.
    """
    game = game_of(table)
    if game is None:
        return None
    pub = game.public_view()
    n = len(table.seats)
    seats = seat_infos(table, pub)
    playing = table.status == PLAYING
    to_act = pub.to_act if playing else None
    if to_act is not None and (not 0 <= to_act < n or seats[to_act].sitting_out):
        to_act = None
    declarer = pub.bidder if pub.bidder is not None and 0 <= pub.bidder < n else None

    contract = pub.contract or ""
    level_text = f"level {pub.level}" if pub.level > 0 and "level" not in contract else ""
    called = called_text(table, pub)

    variant = game.variant
    fleks = words.doubles_text(variant, pub.doubles)
    double_words = [w for w in variant.double_words if w]

    lines: list[str] = []
    if not contract:
        for seat, label in pub.bids[-4:]:
            if 0 <= seat < n:
                lines.append(f"{picture_name(table, seat)} bids {label}")
    for seat, text in pub.announcements:
        if any(text.startswith(w) for w in double_words):
            continue  # a flek/reflek/super: the Doubling line sums them up
        who = picture_name(table, seat) if 0 <= seat < n else "?"
        lines.append(f"{who}: {words.named(table, text)}")

    exposed = list(pub.exposed)
    discards = pub.public_discards
    talon_label = "Talon shown"
    if exposed:
        for seat, card in discards:
            lines.append(f"{picture_name(table, seat)} discarded {words.say(table, card)} face up")
    elif discards:
        exposed = [c for _, c in discards]
        owners = sorted({picture_name(table, s) for s, _ in discards})
        talon_label = f"Discarded face up by {', '.join(owners)}"
    elif pub.shown:  # cards laid face up from a hand (Kozy's four kings) while they are held
        exposed = [c for _, cs in pub.shown for c in cs]
        talon_label = f"Shown by {', '.join(picture_name(table, s) for s, _ in pub.shown)}"
    if pub.shown and not talon_label.startswith("Shown by"):  # (the face-up slot is taken)
        for seat, cs in pub.shown:
            lines.append(f"{picture_name(table, seat)} shows {words.cards_text(table, cs)}")

    trick = _trick(pub.trick)
    last = _trick(pub.last_trick, pub.last_winner)

    hand_counts = pub.hand_sizes if len(pub.hand_sizes) == n else ()
    scores = [money(table, s) for s in table.scores] if len(table.scores) == n else []

    title = f"{variant_title(table)} — hand {table.hand_no}{deal_of(table)}"
    if pub.phase == "play" and pub.tricks_won:
        title += f", trick {sum(pub.tricks_won) + 1}"
    elif not playing:
        title += " — over"
    extra = pool_and_radler(table)
    if extra:
        title += f" — {extra}"
    return TableScene(
        seats=seats,
        to_act=to_act,
        contract=contract,
        level=level_text,
        declarer=declarer,
        called=called,
        flek=", ".join(fleks),
        announcements=lines[-6:],
        talon_exposed=exposed,
        talon_label=talon_label,
        trick=trick,
        last_trick=last,
        scores=scores,
        hand_counts=hand_counts,
        clockwise=clockwise(table),
        title=title,
    )


def trick_scene(table: Table, plays: Sequence[tuple[int, Card]], winner: int | None = None,
                title: str = "") -> TrickScene | None:
    """One trick on its own (public cards only: pass plays from the public view)."""
    trick = _trick(plays, winner)
    if trick is None:
        return None
    game = game_of(table)
    return TrickScene(
        seats=seat_infos(table, game.public_view() if game is not None else None),
        plays=trick.plays,
        leader=trick.leader,
        winner=trick.winner,
        clockwise=clockwise(table),
        title=title,
    )


# ----------------------------------------------------------------------- private hand
def hand_scene(table: Table, seat: int) -> HandScene | None:
    """One player's hand for their panel, from ``game.view_for(seat)`` only.

    When it is the player's turn to play a card, the cards they may play are highlighted
    (the others dimmed); otherwise nothing is (the picture's caption says "can be
    played", so discards are chosen from the list, not highlighted).
    """
    game = game_of(table)
    if game is None:
        return None
    view = game.view_for(seat)
    cards = list(view.hand)
    legal: frozenset[Card] | None = None
    title = f"Your hand — {len(cards)} cards"
    if table.status == PLAYING and view.legal:
        playable = {a.card for a in view.legal if a.kind is Kind.PLAY} & set(cards)
        if playable:
            legal = frozenset(playable)
            title = "Your turn — play a card"
        elif any(a.kind is Kind.DISCARD for a in view.legal):
            title = "Your turn — choose cards to discard"
        else:
            title = "Your turn"
    return HandScene(cards=cards, legal=legal, title=title, red_ace_high=variant_of(table).red_ace_high)


# ----------------------------------------------------------------------- summary
def _who(table: Table, who: int) -> str:
    if who == POOL:
        return "the pool"
    return picture_name(table, who)


def _side_members(table: Table, label: str, result: HandResult, active: list[int]) -> list[int]:
    """The seats behind a card-points label: the bidder's side, the opponents, or one
    player named by the label."""
    low = label.lower()
    declarers = sorted(result.declarer_side)
    if low.startswith(("bidder", "declarer")):
        return declarers
    if low.startswith("opponent"):
        return [s for s in active if s not in declarers]
    for s in range(len(table.seats)):
        if label in (f"Seat {s + 1}", table.seat_name(s), picture_name(table, s)):
            return [s]
    return []


def _cards_taken(game: Game | None, members: list[int], tricks: Mapping[int, int], per_trick: int) -> int:
    """Cards a side took: tricks, discards and talon shares (the engine's side mask),
    or the cards of its tricks when the game is gone."""
    if game is not None and members:
        return game.side_mask(frozenset(members)).bit_count()
    return sum(tricks.get(s, 0) for s in members) * per_trick


def summary_scene(table: Table, hand_no: int, result: HandResult) -> SummaryScene:
    """The end-of-hand score sheet: card points per side, every payment line, each
    player's result and new balance, the pool.  Everything is public by now."""
    n = len(table.seats)
    game = game_of(table)
    sitting_out = game.sitting_out if game is not None else None
    active = sorted(result.tricks) if result.tricks else [s for s in range(n) if s != sitting_out]
    per_trick = len(active) or 1

    sides: list[SideResult] = []
    won_by_declarers = result.declarers_won
    for label, pts in result.card_points.items():
        members = _side_members(table, label, result, active)
        names = [picture_name(table, s) for s in members]
        low = label.lower()
        won: bool | None = None
        if won_by_declarers is not None and low.startswith(("bidder", "declarer")):
            won = won_by_declarers
        elif won_by_declarers is not None and low.startswith("opponent"):
            won = not won_by_declarers
        taken = _cards_taken(game, members, result.tricks, per_trick)
        shown = names[0] if len(members) == 1 and label.startswith("Seat ") else label
        told = result.points_text(label) if label in result.card_counts else ""
        sides.append(SideResult(shown, names or [shown], pts, taken, won, told))
    if not sides:
        sides.append(SideResult("All", [picture_name(table, s) for s in active], 0, 0, None))

    payments: list[PaymentLine] = []
    for line in result.lines:
        gains = {k: v for k, v in line.net.items() if v > 0}
        if not gains:
            payments.append(PaymentLine(words.named(table, line.label), ""))
            continue
        receivers = ", ".join(_who(table, k) for k in gains)
        values = set(gains.values())
        if len(values) == 1 and len(gains) > 1:
            amount = f"+{money(table, values.pop())} each"
        else:
            amount = f"+{money(table, sum(gains.values()))}"
        payments.append(PaymentLine(f"{words.named(table, line.label)} — to {receivers}", amount))

    net_total = result.net
    balances_now = table.last_balances
    balances: list[PlayerBalance] = []
    for s in range(n):
        if s == sitting_out and not net_total.get(s):
            continue
        change = net_total.get(s, 0)
        if balances_now is not None and s in balances_now:
            total = balances_now[s]
        else:
            total = table.scores[s] if s < len(table.scores) else 0
        balances.append(PlayerBalance(picture_name(table, s), change, _signed(table, change), money(table, total)))

    pool_before = pool_after = ""
    delta = net_total.get(POOL, 0)
    if game is not None and (game.pool or delta):
        pool_before, pool_after = money(table, game.pool), money(table, game.pool + delta)

    note = ""
    called = called_text(table, game.public_view()) if game is not None else None
    declarers = sorted(result.declarer_side)
    if called and len(declarers) == 2:
        note = f"Called {called}; partners: {' and '.join(picture_name(table, s) for s in declarers)}."
    title = f"Hand {hand_no}"
    if result.summary:
        title += f" — {words.named(table, result.summary)}"
    return SummaryScene(
        title=title,
        sides=sides,
        payments=payments,
        balances=balances,
        pool_before=pool_before,
        pool_after=pool_after,
        note=note,
    )


__all__ = ["clockwise", "hand_scene", "seat_infos", "summary_scene", "table_scene", "trick_scene"]
