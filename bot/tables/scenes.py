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
read the engine's view duck-typed (``getattr`` with defaults), so the tiny fake game
of the tests works too.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Mapping
from typing import Any

from bot.engine.cards import Card
from bot.tables.messages import deal_of, money, variant_title
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

POOL = -1  # bot.engine.scoring.POOL: the table's pool (Žid) in payment lines


# ----------------------------------------------------------------------- helpers
def _variant(table: Table) -> Any:
    game = table.game
    variant = getattr(game, "variant", None)
    if variant is not None and not isinstance(variant, str):
        return variant
    try:
        from bot.engine import find_variant

        return find_variant(table.config.variant)
    except Exception:
        return None


def clockwise(table: Table) -> bool:
    """Whether play order runs clockwise (Nebraska, Heun) — only a drawing matter (C-1)."""
    return bool(getattr(_variant(table), "clockwise", False))


def _red_ace_high(table: Table) -> bool:
    return bool(getattr(_variant(table), "red_ace_high", True))


def _card(value: Any) -> Card | None:
    if isinstance(value, Card):
        return value
    try:
        return Card(int(value))
    except (TypeError, ValueError):
        return None


def _plays(items: Iterable[Any] | None) -> list[tuple[int, Card]]:
    out: list[tuple[int, Card]] = []
    for item in items or ():
        if isinstance(item, tuple) and len(item) == 2:
            seat, raw = item
        else:
            seat, raw = getattr(item, "seat", None), getattr(item, "card", None)
        card = _card(raw)
        if isinstance(seat, int) and card is not None:
            out.append((seat, card))
    return out


def _trick(plays: list[tuple[int, Card]], leader: Any = None, winner: Any = None) -> PlayedTrick | None:
    if not plays:
        return None
    seats = [s for s, _ in plays]
    won = winner if isinstance(winner, int) and winner in seats else None
    return PlayedTrick(plays, plays[0][0], won)  # the first card is always the leader's


def _signed(table: Table, amount: int) -> str:
    text = money(table, amount)
    return f"+{text}" if amount > 0 else text


COMPUTER_SUFFIX = " (computer)"


def picture_name(table: Table, seat: int) -> str:
    """A seat's name for a picture: plain text (no mention), computers marked briefly
    so the name fits its plate ("Bětka (AI)" rather than "Bětka (computer)")."""
    name = table.seat_name(seat)
    if name.endswith(COMPUTER_SUFFIX):
        name = name[: -len(COMPUTER_SUFFIX)] + " (AI)"
    return name


def seat_infos(table: Table, view: Any = None) -> list[SeatInfo]:
    """The seats in play order with plain display names (no mentions: this is a picture)."""
    n = len(table.seats)
    dealer = getattr(view, "dealer", table.dealer)
    forehand = getattr(view, "forehand", None)
    sitting_out = getattr(view, "sitting_out", None)
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
    game = table.game
    if game is None:
        return None
    pub = game.public_view()
    n = len(table.seats)
    seats = seat_infos(table, pub)
    playing = table.status == PLAYING
    to_act = getattr(pub, "to_act", None) if playing else None
    if not (isinstance(to_act, int) and 0 <= to_act < n) or seats[to_act].sitting_out:
        to_act = None
    declarer = getattr(pub, "bidder", None)
    if not (isinstance(declarer, int) and 0 <= declarer < n):
        declarer = None

    contract = str(getattr(pub, "contract", None) or "")
    level = getattr(pub, "level", 0)
    level_text = f"level {level}" if isinstance(level, int) and level > 0 and "level" not in contract else ""
    called = str(getattr(pub, "called", None) or "")

    variant = _variant(table)
    words = [str(w) for w in getattr(variant, "double_words", ()) if w]
    by_level: dict[int, list[str]] = {}
    for name, lvl in getattr(pub, "doubles", ()) or ():
        title_of = getattr(variant, "title_of", None)
        shown = str(name)
        if title_of is not None:
            with contextlib.suppress(Exception):
                shown = str(title_of(str(name)))
        by_level.setdefault(int(lvl), []).append(shown)
    fleks = []
    for lvl in sorted(by_level, reverse=True):
        word = words[lvl - 1] if 0 < lvl <= len(words) else "doubled"
        fleks.append(f"{word} ×{2 ** lvl}: {', '.join(by_level[lvl])}")

    lines: list[str] = []
    if not contract:
        for seat, label in list(getattr(pub, "bids", ()) or ())[-4:]:
            if isinstance(seat, int) and 0 <= seat < n:
                lines.append(f"{picture_name(table, seat)} bids {label}")
    for seat, text in getattr(pub, "announcements", ()) or ():
        if any(str(text).startswith(w) for w in words):
            continue  # a flek/reflek/super: the Doubling line sums them up
        who = picture_name(table, seat) if isinstance(seat, int) and 0 <= seat < n else "?"
        lines.append(f"{who}: {text}")

    exposed = [c for c in (_card(x) for x in getattr(pub, "exposed", ()) or ()) if c is not None]
    discards = _plays(getattr(pub, "public_discards", ()) or ())
    talon_label = "Talon shown"
    if exposed:
        for seat, card in discards:
            lines.append(f"{picture_name(table, seat)} discarded {card.short} face up")
    elif discards:
        exposed = [c for _, c in discards]
        owners = sorted({picture_name(table, s) for s, _ in discards})
        talon_label = f"Discarded face up by {', '.join(owners)}"

    trick = _trick(_plays(getattr(pub, "trick", ())), getattr(pub, "trick_leader", None))
    last = _trick(_plays(getattr(pub, "last_trick", ())), None, getattr(pub, "last_winner", None))

    sizes = tuple(getattr(pub, "hand_sizes", ()) or ())
    hand_counts = sizes if len(sizes) == n else ()
    scores = [money(table, s) for s in table.scores] if len(table.scores) == n else []

    title = f"{variant_title(table)} — hand {table.hand_no}{deal_of(table)}"
    phase = str(getattr(getattr(pub, "phase", ""), "value", getattr(pub, "phase", "")) or "")
    won = getattr(pub, "tricks_won", ()) or ()
    if phase == "play" and won:
        title += f", trick {sum(won) + 1}"
    elif not playing:
        title += " — over"
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


def trick_scene(table: Table, plays: Iterable[Any], leader: int | None = None,
                winner: int | None = None, title: str = "") -> TrickScene | None:
    """One trick on its own (public cards only: pass plays from the public view)."""
    trick = _trick(_plays(plays), leader, winner)
    if trick is None:
        return None
    view = table.game.public_view() if table.game is not None else None
    return TrickScene(
        seats=seat_infos(table, view),
        plays=trick.plays,
        leader=trick.leader,
        winner=trick.winner,
        clockwise=clockwise(table),
        title=title,
    )


# ----------------------------------------------------------------------- private hand
def _kind(action: Any) -> str:
    kind = getattr(action, "kind", "")
    return str(getattr(kind, "value", kind))


def hand_scene(table: Table, seat: int) -> HandScene | None:
    """One player's hand for their panel, from ``game.view_for(seat)`` only.

    When it is the player's turn to play a card, the cards they may play are highlighted
    (the others dimmed); otherwise nothing is (the picture's caption says "can be
    played", so discards are chosen from the list, not highlighted).
    """
    game = table.game
    if game is None:
        return None
    view = game.view_for(seat)
    cards = [c for c in (_card(x) for x in getattr(view, "hand", ()) or ()) if c is not None]
    legal: frozenset[Card] | None = None
    title = f"Your hand — {len(cards)} cards"
    if table.status == PLAYING and getattr(game, "to_act", None) == seat:
        actions = list(getattr(view, "legal", ()) or ())
        playable = {c for a in actions if _kind(a) == "play" for c in [_card(getattr(a, "value", None))] if c is not None}
        playable &= set(cards)
        if playable:
            legal = frozenset(playable)
            title = "Your turn — play a card"
        elif any(_kind(a) == "discard" for a in actions):
            title = "Your turn — choose cards to discard"
        elif actions:
            title = "Your turn"
    return HandScene(cards=cards, legal=legal, title=title, red_ace_high=_red_ace_high(table))


# ----------------------------------------------------------------------- summary
def _who(table: Table, who: Any) -> str:
    if isinstance(who, int) and 0 <= who < len(table.seats):
        return picture_name(table, who)
    if who == POOL or who is None or str(who).lower() == "pool":
        return "the pool"
    return str(who)


def _side_members(table: Table, label: str, result: Any, active: list[int]) -> list[int]:
    low = label.lower()
    declarers = sorted(getattr(result, "declarer_side", ()) or ())
    if low.startswith(("bidder", "declarer")):
        return declarers
    if low.startswith("opponent"):
        return [s for s in active if s not in declarers]
    for s in range(len(table.seats)):
        if label in (f"Seat {s + 1}", table.seat_name(s), picture_name(table, s)):
            return [s]
    return []


def _cards_taken(game: Any, members: list[int], tricks: Mapping[int, int], per_trick: int) -> int:
    """Cards a side took: tricks, discards and talon shares (the engine's side mask),
    or the cards of its tricks when the game cannot say."""
    side_mask = getattr(game, "side_mask", None)
    if side_mask is not None and members:
        with contextlib.suppress(Exception):
            return int(side_mask(frozenset(members))).bit_count()
    return sum(int(tricks.get(s, 0)) for s in members) * per_trick


def summary_scene(table: Table, hand_no: int, result: Any) -> SummaryScene | None:
    """The end-of-hand score sheet: card points per side, every payment line, each
    player's result and new balance, the pool.  Everything is public by now."""
    if result is None:
        return None
    n = len(table.seats)
    tricks: Mapping[int, int] = getattr(result, "tricks", None) or {}
    game = table.game
    sitting_out = getattr(game.public_view(), "sitting_out", None) if game is not None else None
    active = sorted(tricks) if tricks else [s for s in range(n) if s != sitting_out]
    per_trick = len(active) or 1

    sides: list[SideResult] = []
    points = getattr(result, "card_points", None) or {}
    declarers_won = getattr(result, "declarers_won", None)
    items: list[tuple[str, int]]
    if hasattr(points, "items"):
        items = [(str(k), int(v)) for k, v in points.items()]
    else:  # a list per seat (the fake game)
        items = [(f"Seat {i + 1}", int(v)) for i, v in enumerate(points) if i in active]
    for label, pts in items:
        members = _side_members(table, label, result, active)
        names = [picture_name(table, s) for s in members]
        shown = names[0] if len(members) == 1 and label.startswith("Seat ") else label
        won: bool | None = None
        if declarers_won is not None and label.lower().startswith(("bidder", "declarer")):
            won = bool(declarers_won)
        elif declarers_won is not None and label.lower().startswith("opponent"):
            won = not declarers_won
        taken = _cards_taken(game, members, tricks, per_trick)
        sides.append(SideResult(shown, names or [shown], pts, taken, won))
    if not sides:
        sides.append(SideResult("All", [picture_name(table, s) for s in active], 0, 0, None))

    payments: list[PaymentLine] = []
    for line in getattr(result, "lines", None) or []:
        label = str(getattr(line, "label", None) or getattr(line, "text", None) or line)
        net = getattr(line, "net", None)
        if net is not None and hasattr(net, "items"):
            gains = {k: int(v) for k, v in net.items() if int(v) > 0}
            if not gains:
                payments.append(PaymentLine(label, ""))
                continue
            receivers = ", ".join(_who(table, k) for k in gains)
            values = set(gains.values())
            if len(values) == 1 and len(gains) > 1:
                amount = f"+{money(table, values.pop())} each"
            else:
                amount = f"+{money(table, sum(gains.values()))}"
            payments.append(PaymentLine(f"{label} — to {receivers}", amount))
        else:
            raw = getattr(line, "amount", None)
            payments.append(PaymentLine(label, money(table, raw) if isinstance(raw, int) else ""))

    net_total: Mapping[int, int] = getattr(result, "net", None) or {}
    if not net_total:
        computed: dict[int, int] = {}
        for t in getattr(result, "transfers", None) or []:
            computed[t.payer] = computed.get(t.payer, 0) - int(t.amount)
            computed[t.payee] = computed.get(t.payee, 0) + int(t.amount)
        net_total = computed
    balances_now = getattr(table, "last_balances", None)
    balances: list[PlayerBalance] = []
    for s in range(n):
        if s == sitting_out and not net_total.get(s):
            continue
        change = int(net_total.get(s, 0))
        if isinstance(balances_now, Mapping) and s in balances_now:
            total = int(balances_now[s])
        else:
            total = int(table.scores[s]) if s < len(table.scores) else 0
        balances.append(PlayerBalance(picture_name(table, s), change, _signed(table, change), money(table, total)))

    pool_before = pool_after = ""
    pool = getattr(game, "pool", None) if game is not None else None
    delta = int(net_total.get(POOL, 0))
    if isinstance(pool, int) and (pool or delta):
        pool_before, pool_after = money(table, pool), money(table, pool + delta)

    summary = getattr(result, "summary", None)
    if callable(summary):
        summary = summary()
    note = ""
    called = getattr(game.public_view(), "called", None) if game is not None else None
    declarers = sorted(getattr(result, "declarer_side", ()) or ())
    if called and len(declarers) == 2:
        note = f"Called {called}; partners: {' and '.join(picture_name(table, s) for s in declarers)}."
    title = f"Hand {hand_no}"
    if isinstance(summary, str) and summary:
        title += f" — {summary}"
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
