"""The same information as the images, as plain text (accessibility, logs, tests).

Every fact an image shows is in its text twin, in the same words where possible, so a
screen-reader user misses nothing and tests can check content without pixels.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.cards import CZECH_WORDS, Card, CardWords, Suit, say_card

from .faces import HAND_SUIT_ORDER, sort_hand
from .scenes import (
    ENGLISH_WORDS,
    HandScene,
    PictureWords,
    PlayedTrick,
    SeatInfo,
    SummaryScene,
    TableScene,
    TrickScene,
)


def text_card(card: Card, words: CardWords = CZECH_WORDS) -> str:
    """A card as a player reads it, in the variant's words (``K♥``, ``A♦`` or ``1♦``,
    ``XIX``, ``Škýz``): the one card-naming function, ``say_card``."""
    return say_card(card, words)


def text_hand(scene: HandScene) -> str:
    """The hand, sorted and grouped by suit; with the playable cards when it is the
    player's turn; the cards worth five points named."""
    cards = sort_hand(scene.cards, scene.red_ace_high)
    w = scene.words
    lines = [scene.title or f"{w.your_hand} — {len(cards)}"]
    for suit in (Suit.TAROK, *HAND_SUIT_ORDER):
        group = [c for c in cards if c.suit == suit]
        if group:
            name = w.suit_names[int(suit)] if len(w.suit_names) > int(suit) else suit.label.capitalize()
            lines.append(f"{name}: " + " ".join(text_card(c, scene.card_words) for c in group))
    if not cards:
        lines.append(w.no_cards)
    five = [c for c in cards if c.points == 5]
    if five:
        lines.append(f"{w.worth_five}: " + " ".join(text_card(c, scene.card_words) for c in five))
    if scene.legal is not None:
        playable = [c for c in cards if c in scene.legal]
        if playable:
            lines.append(f"{w.you_can_play}: " + " ".join(text_card(c, scene.card_words) for c in playable))
        else:
            lines.append(w.you_play_none)
    return "\n".join(lines)


def _seat_label(seat: SeatInfo, index: int, *, declarer: int | None = None,
                w: PictureWords = ENGLISH_WORDS) -> str:
    tags = []
    if declarer == index:
        tags.append(w.bidder)
    if seat.is_dealer:
        tags.append(w.is_dealer)
    if seat.is_forehand:
        tags.append(w.is_forehand)
    if seat.sitting_out:
        tags.append(w.sits_out)
    return seat.name + (f" ({', '.join(tags)})" if tags else "")


def _trick_lines(seats: Sequence[SeatInfo], trick: PlayedTrick,
                 words: CardWords = CZECH_WORDS, w: PictureWords = ENGLISH_WORDS) -> list[str]:
    """One line per seat in the order they play this trick, starting with the leader."""
    n = len(seats)
    played = dict(trick.plays)
    order = [(trick.leader + i) % n for i in range(n)]
    lines = []
    for seat in order:
        if seats[seat].sitting_out:
            continue
        name = seats[seat].name
        if seat in played:
            marks = []
            if seat == trick.leader:
                marks.append(w.leads)
            if seat == trick.winner:
                marks.append(w.takes_the_trick)
            suffix = f" ({', '.join(marks)})" if marks else ""
            lines.append(f"{name}: {text_card(played[seat], words)}{suffix}")
        else:
            lines.append(f"{name}: —")
    return lines


def text_trick(scene: TrickScene) -> str:
    """The trick: one line per seat in play order from the leader, the winner."""
    w = scene.words
    direction = w.clockwise if scene.clockwise else w.anticlockwise
    lines = [f"{scene.title or w.trick} ({direction})"]
    lines += _trick_lines(scene.seats, scene.trick, scene.card_words, w)
    out = [s for s in scene.seats if s.sitting_out]
    lines += [w.sits_out_line.format(name=s.name) for s in out]
    if scene.talon_card is not None:
        lines.append(f"{w.talon_on_trick}: {text_card(scene.talon_card, scene.card_words)}")
    if scene.winner is not None:
        lines.append(w.took_the_trick.format(name=scene.seats[scene.winner].name))
    return "\n".join(lines)


def text_table(scene: TableScene) -> str:
    """The table: seats in play order with their marks and scores, the contract, the
    exposed talon cards, the current and the last trick."""
    w = scene.words
    direction = w.clockwise if scene.clockwise else w.anticlockwise
    lines = [f"{scene.title or w.table} ({direction})"]
    lines.append(w.seats_in_order)
    for i, seat in enumerate(scene.seats):
        parts = [_seat_label(seat, i, declarer=scene.declarer, w=w)]
        if scene.scores:
            parts.append(scene.scores[i])
        if scene.hand_counts:
            parts.append(w.cards_count.format(n=scene.hand_counts[i]))
        if scene.to_act == i:
            parts.append(w.to_play)
        lines.append(f"  {i + 1}. " + " — ".join(parts))
    for label, value in (
        (w.contract, scene.contract or w.not_yet_bid),
        (w.level, scene.level),
        (w.called, scene.called),
        (w.doubling, scene.flek),
    ):
        if value:
            lines.append(f"{label}: {value}")
    lines += scene.announcements
    if scene.talon_exposed:
        lines.append(f"{scene.talon_label}: " + " ".join(text_card(c, scene.card_words) for c in scene.talon_exposed))
    if scene.trick is not None and scene.trick.plays:
        lines.append(w.current_trick)
        lines += ["  " + line for line in _trick_lines(scene.seats, scene.trick, scene.card_words, w)]
    if scene.last_trick is not None and scene.last_trick.plays:
        lines.append(w.last_trick_line)
        lines += ["  " + line for line in _trick_lines(scene.seats, scene.last_trick, scene.card_words, w)]
    return "\n".join(lines)


def text_summary(scene: SummaryScene, payments: bool = True) -> str:
    """The hand summary: card points per side, payment lines (unless not ``payments``:
    the short form, for an alt text that must fit), results, the pool."""
    w = scene.words
    lines = [scene.title]
    if scene.note:
        lines.append(scene.note)
    for side in scene.sides:
        mark = f" — {w.won}" if side.won else (f" — {w.lost}" if side.won is False else "")
        members = ", ".join(side.members)
        who = f" ({members})" if members and list(side.members) != [side.label] else ""
        count = side.count_text or (
            f"{side.points_text or w.card_points.format(n=side.card_points)}"
            f"{', ' + w.cards_count.format(n=side.cards_taken) if side.cards_taken or not side.points_text else ''}")
        lines.append(f"{side.label}{who}: {count}{mark}")
    if scene.payments and payments:
        lines.append(w.payments_line)
        lines += [f"  {p.text}: {p.amount}" for p in scene.payments]
    if scene.balances:
        lines.append(w.players_line)
        for b in scene.balances:
            total = f" ({w.total_amount.format(amount=b.balance_text)})" if b.balance_text else ""
            lines.append(f"  {b.name}: {b.change_text}{total}")
    if scene.pool_before or scene.pool_after:
        if scene.pool_before:
            lines.append(f"{w.pool}: {scene.pool_before} → {scene.pool_after}")
        else:
            lines.append(f"{w.pool}: {scene.pool_after}")
    return "\n".join(lines)
