"""The same information as the images, as plain text (accessibility, logs, tests).

Every fact an image shows is in its text twin, in the same words where possible, so a
screen-reader user misses nothing and tests can check content without pixels.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.cards import CZECH_WORDS, Card, CardWords, Suit, say_card

from .faces import HAND_SUIT_ORDER, sort_hand
from .scenes import HandScene, PlayedTrick, SeatInfo, SummaryScene, TableScene, TrickScene


def text_card(card: Card, words: CardWords = CZECH_WORDS) -> str:
    """A card as a player reads it, in the variant's words (``K♥``, ``A♦`` or ``1♦``,
    ``XIX``, ``Škýz``): the one card-naming function, ``say_card``."""
    return say_card(card, words)


def text_hand(scene: HandScene) -> str:
    """The hand, sorted and grouped by suit; with the playable cards when it is the
    player's turn; the cards worth five points named."""
    cards = sort_hand(scene.cards, scene.red_ace_high)
    lines = [scene.title or f"Your hand — {len(cards)} cards"]
    for suit in (Suit.TAROK, *HAND_SUIT_ORDER):
        group = [c for c in cards if c.suit == suit]
        if group:
            lines.append(f"{suit.label.capitalize()}: " + " ".join(text_card(c, scene.card_words) for c in group))
    if not cards:
        lines.append("No cards in hand.")
    five = [c for c in cards if c.points == 5]
    if five:
        lines.append("Worth five points: " + " ".join(text_card(c, scene.card_words) for c in five))
    if scene.legal is not None:
        playable = [c for c in cards if c in scene.legal]
        if playable:
            lines.append("You can play: " + " ".join(text_card(c, scene.card_words) for c in playable))
        else:
            lines.append("You can play no card.")
    return "\n".join(lines)


def _seat_label(seat: SeatInfo, index: int, *, declarer: int | None = None) -> str:
    tags = []
    if declarer == index:
        tags.append("bidder")
    if seat.is_dealer:
        tags.append("dealer")
    if seat.is_forehand:
        tags.append("forehand")
    if seat.sitting_out:
        tags.append("sits out")
    return seat.name + (f" ({', '.join(tags)})" if tags else "")


def _trick_lines(seats: Sequence[SeatInfo], trick: PlayedTrick,
                 words: CardWords = CZECH_WORDS) -> list[str]:
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
                marks.append("leads")
            if seat == trick.winner:
                marks.append("takes the trick")
            suffix = f" ({', '.join(marks)})" if marks else ""
            lines.append(f"{name}: {text_card(played[seat], words)}{suffix}")
        else:
            lines.append(f"{name}: —")
    return lines


def text_trick(scene: TrickScene) -> str:
    """The trick: one line per seat in play order from the leader, the winner."""
    direction = "clockwise" if scene.clockwise else "anticlockwise"
    lines = [f"{scene.title or 'Trick'} (play goes {direction})"]
    lines += _trick_lines(scene.seats, scene.trick, scene.card_words)
    out = [s for s in scene.seats if s.sitting_out]
    lines += [f"{s.name} sits out." for s in out]
    if scene.talon_card is not None:
        lines.append(f"Talon card on this trick: {text_card(scene.talon_card, scene.card_words)}")
    if scene.winner is not None:
        lines.append(f"{scene.seats[scene.winner].name} takes the trick.")
    return "\n".join(lines)


def text_table(scene: TableScene) -> str:
    """The table: seats in play order with their marks and scores, the contract, the
    exposed talon cards, the current and the last trick."""
    direction = "clockwise" if scene.clockwise else "anticlockwise"
    lines = [f"{scene.title or 'Table'} (play goes {direction})"]
    lines.append("Seats in play order:")
    for i, seat in enumerate(scene.seats):
        parts = [_seat_label(seat, i, declarer=scene.declarer)]
        if scene.scores:
            parts.append(scene.scores[i])
        if scene.hand_counts:
            parts.append(f"{scene.hand_counts[i]} cards")
        if scene.to_act == i:
            parts.append("to play")
        lines.append(f"  {i + 1}. " + " — ".join(parts))
    for label, value in (
        ("Contract", scene.contract or "not yet bid"),
        ("Level", scene.level),
        ("Called", scene.called),
        ("Doubling", scene.flek),
    ):
        if value:
            lines.append(f"{label}: {value}")
    lines += scene.announcements
    if scene.talon_exposed:
        lines.append(f"{scene.talon_label}: " + " ".join(text_card(c, scene.card_words) for c in scene.talon_exposed))
    if scene.trick is not None and scene.trick.plays:
        lines.append("Current trick:")
        lines += ["  " + line for line in _trick_lines(scene.seats, scene.trick, scene.card_words)]
    if scene.last_trick is not None and scene.last_trick.plays:
        lines.append("Last trick:")
        lines += ["  " + line for line in _trick_lines(scene.seats, scene.last_trick, scene.card_words)]
    return "\n".join(lines)


def text_summary(scene: SummaryScene) -> str:
    """The hand summary: card points per side, payment lines, results, the pool."""
    lines = [scene.title]
    if scene.note:
        lines.append(scene.note)
    for side in scene.sides:
        mark = " — won" if side.won else (" — lost" if side.won is False else "")
        members = ", ".join(side.members)
        who = f" ({members})" if members and list(side.members) != [side.label] else ""
        lines.append(
            f"{side.label}{who}: {side.points_text or f'{side.card_points} card points'}"
            f"{f', {side.cards_taken} cards' if side.cards_taken or not side.points_text else ''}{mark}"
        )
    if scene.payments:
        lines.append("Payments:")
        lines += [f"  {p.text}: {p.amount}" for p in scene.payments]
    if scene.balances:
        lines.append("Players:")
        for b in scene.balances:
            total = f" (total {b.balance_text})" if b.balance_text else ""
            lines.append(f"  {b.name}: {b.change_text}{total}")
    if scene.pool_before or scene.pool_after:
        if scene.pool_before:
            lines.append(f"Pool: {scene.pool_before} → {scene.pool_after}")
        else:
            lines.append(f"Pool: {scene.pool_after}")
    return "\n".join(lines)
