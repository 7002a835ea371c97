"""Pure functions from a table's state to the rendering package's scenes.

* :func:`table_scene` — the public table picture, built **only** from
  ``game.public_view()`` and the seat list (never from a player's view);
* :func:`hand_scene` — one player's hand for their private panel, from
  ``game.view_for(seat)``; the legal cards are highlighted when it is their turn;
* :func:`trick_scene` — one trick on its own;
* :func:`summary_scene` — the end of a hand, from ``game.result`` (every hand is
  public by then) and the new balances.

Nothing here touches Discord or draws anything; the scenes are small frozen
dataclasses that :mod:`cogs.ui.output` renders in a worker thread.  The functions
read the engine's own types (``PlayerView``, ``HandResult``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache

from bot.engine import Card, Game, HandResult, Kind, PlayerView
from bot.engine.scoring import POOL, SIDE_DECLARERS, SIDE_OPPONENTS, SIDE_PLAYER
from bot.i18n import Text
from bot.tables import words
from bot.tables.table import PLAYING, Table
from bot.tables.words import called_text, deal_of, money, pool_and_radler, variant_of, variant_title
from rendering import (
    FaceWords,
    HandScene,
    PaymentLine,
    PictureWords,
    PlayedTrick,
    PlayerBalance,
    SeatInfo,
    SideResult,
    SummaryScene,
    TableScene,
    TrickScene,
)


# ----------------------------------------------------------------------- helpers
@cache
def picture_words(lang: str) -> PictureWords:
    """The words the pictures draw, in ``lang`` (issue #14): the table picture in the
    server's language, a hand picture in its player's."""
    t = Text(lang)
    return PictureWords(
        playable=t._("bright cards can be played"),
        none_playable=t._("no card can be played"),
        your_hand=t._("Your hand"),
        to_play=t._("to play"),
        leads=t._("leads"),
        takes_it=t._("takes it"),
        bidder=t._("bidder"),
        sits_out=t._("sits out"),
        trick=t._("Trick"),
        takes_trick=t._("{name} takes it"),
        talon_card=t._("talon card"),
        # The letters of the dealer's and the forehand's badges.
        dealer_badge=t.pgettext("badge of the dealer", "D"),
        forehand_badge=t.pgettext("badge of the forehand", "F"),
        dealer=t._("dealer"),
        forehand=t._("forehand: leads first"),
        cards_in_hand=t._("cards in hand"),
        order_of_play=t._("order of play"),
        table=t._("Table"),
        contract=t._("Contract"),
        level=t._("Level"),
        called=t._("Called"),
        doubling=t._("Doubling"),
        not_yet_bid=t._("not yet bid"),
        last_trick=t._("Last trick"),
        took_it=t._("{name} took it"),
        sides=t._("SIDES"),
        payments=t._("PAYMENTS"),
        players=t._("PLAYERS"),
        this_hand=t._("THIS HAND"),
        total=t._("SEASON BALANCE"),
        pool=t._("Pool"),
        no_cards=t._("No cards in hand."),
        worth_five=t._("Worth five points"),
        you_can_play=t._("You can play"),
        you_play_none=t._("You can play no card."),
        is_dealer=t._("dealer"),
        is_forehand=t._("forehand"),
        takes_the_trick=t._("takes the trick"),
        clockwise=t._("play goes clockwise"),
        anticlockwise=t._("play goes anticlockwise"),
        sits_out_line=t._("{name} sits out."),
        talon_on_trick=t._("Talon card on this trick"),
        took_the_trick=t._("{name} takes the trick."),
        seats_in_order=t._("Seats in play order:"),
        # (a count of cards left in a hand, any number: a translation may avoid a plural)
        cards_count=t._("{n} cards"),
        current_trick=t._("Current trick:"),
        last_trick_line=t._("Last trick:"),
        won=t._("won"),
        lost=t._("lost"),
        card_points=t._("{n} card points"),
        payments_line=t._("Payments:"),
        players_line=t._("Players:"),
        total_amount=t._("season balance {amount}"),
        suit_names=(t._("Hearts"), t._("Diamonds"), t._("Spades"), t._("Clubs"), t._("Taroky")),
        faces=face_words(lang),
    )


@cache
def face_words(lang: str) -> FaceWords:
    """The words drawn on the card faces in ``lang``: the court cards' usual names and the
    honours' (capitals, short: a card face is narrow)."""
    t = Text(lang)
    return FaceWords(
        king=t.pgettext("card face", "KING"),
        queen=t.pgettext("card face", "QUEEN"),
        rider=t.pgettext("card face", "RIDER"),
        jack=t.pgettext("card face", "JACK"),
        skyz=t.pgettext("card face", "ŠKÝZ"),
        pagat=t.pgettext("card face", "PAGÁT"),
        mond=t.pgettext("card face", "MOND"),
    )


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


def _signed(table: Table, amount: int, t: Text | None = None) -> str:
    text = money(table, amount, t)
    return f"+{text}" if amount > 0 else text


#: A backslash escaping a markdown character in a name (``discord.utils.escape_markdown``).
_MARKDOWN_ESCAPE = re.compile(r"\\([^\w\s])")


def picture_name(table: Table, seat: int) -> str:
    """A seat's name for a picture: plain text (no mention), the same name every text of
    the table uses (``Table.seat_name``: "Bětka (computer)"), without the backslashes that
    escape its markdown in messages (``cogs.ui.components.echo``): a picture shows it as typed."""
    return _MARKDOWN_ESCAPE.sub(r"\1", table.seat_name(seat))


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

    t = words.public_text(table)
    # (the engine's words, the contract, bids, the called card and announcements, in t's language)
    contract = words.contract_text(table, pub.contract, t)
    with_level = pub.level > 0 and pub.contract is not None and "level" in pub.contract
    level_text = t._("level {level}", level=pub.level) if pub.level > 0 and not with_level else ""
    called = called_text(table, pub, t)

    variant = game.variant
    fleks = words.doubles_text(variant, pub.doubles, t)
    double_words = [w for w in variant.double_words if w]

    lines: list[str] = []
    if not contract:
        for seat, label in words.bids_of(table, pub.bids, t)[-4:]:
            if 0 <= seat < n:
                lines.append(t._("{name} bids {bid}", name=picture_name(table, seat), bid=label))
    for seat, text in pub.announcements:
        if any(text.startswith(w) for w in double_words):
            continue  # a flek/reflek/super: the Doubling line sums them up
        who = picture_name(table, seat) if 0 <= seat < n else "?"
        lines.append(f"{who}: {words.named(table, words.announcement_text(table, text, t))}")

    exposed = list(pub.exposed)
    discards = pub.public_discards
    talon_label = t._("Talon shown")
    shown_slot = False
    if exposed:
        for seat, card in discards:
            lines.append(t._("{name} discarded {card} face up", name=picture_name(table, seat),
                             card=words.say(table, card, t=t)))
    elif discards:
        exposed = [c for _, c in discards]
        owners = sorted({picture_name(table, s) for s, _ in discards})
        talon_label = t._("Discarded face up by {names}", names=", ".join(owners))
    elif pub.shown:  # cards laid face up from a hand (Kozy's four kings) while they are held
        exposed = [c for _, cs in pub.shown for c in cs]
        talon_label = t._("Shown by {names}", names=", ".join(picture_name(table, s) for s, _ in pub.shown))
        shown_slot = True
    if pub.shown and not shown_slot:  # (the face-up slot is taken)
        for seat, cs in pub.shown:
            lines.append(t._("{name} shows {cards}", name=picture_name(table, seat),
                             cards=words.cards_text(table, cs, t=t)))

    trick = _trick(pub.trick)
    last = _trick(pub.last_trick, pub.last_winner)

    hand_counts = pub.hand_sizes if len(pub.hand_sizes) == n else ()
    scores = [money(table, s, t) for s in table.scores] if len(table.scores) == n else []

    title = t._("{variant} — hand {hand}", variant=variant_title(table, t), hand=table.hand_no) + deal_of(table, t)
    if pub.phase == "play" and pub.tricks_won:
        title += ", " + t._("trick {n}", n=sum(pub.tricks_won) + 1)
    elif not playing:
        title += " — " + t._("over")
    extra = pool_and_radler(table, t)
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
        card_words=variant_of(table).card_words,
        words=picture_words(t.lang),
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
        card_words=variant_of(table).card_words,
        words=picture_words(words.public_text(table).lang),
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
    t = words.seat_text(table, seat)  # the player's own language
    title = t.ngettext("Your hand — {n} card", "Your hand — {n} cards", len(cards))
    if table.status == PLAYING and view.legal:
        playable = {a.card for a in view.legal if a.kind is Kind.PLAY} & set(cards)
        if playable:
            legal = frozenset(playable)
            title = t._("Your turn — play a card")
        elif any(a.kind is Kind.DISCARD for a in view.legal):
            title = t._("Your turn — choose cards to discard")
        else:
            title = t._("Your turn")
    return HandScene(cards=cards, legal=legal, title=title, red_ace_high=variant_of(table).red_ace_high,
                     card_words=variant_of(table).card_words, words=picture_words(t.lang))


# ----------------------------------------------------------------------- summary
def _who(table: Table, who: int, t: Text | None = None) -> str:
    if who == POOL:
        return (t or words.public_text(table))._("the pool")
    return picture_name(table, who)


def _side_of(result: HandResult, label: str) -> tuple[str | None, list[int]]:
    """The role and seats behind a card-points label, as the engine says them
    (``HandResult.sides``: the declarer's side, the opponents, or one player); (None, [])
    for a label it gives no role."""
    role, seats = result.sides.get(label, (None, frozenset()))
    return role, sorted(seats)


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
    t = words.public_text(table)
    game = game_of(table)
    sitting_out = game.sitting_out if game is not None else None
    active = sorted(result.tricks) if result.tricks else [s for s in range(n) if s != sitting_out]
    per_trick = len(active) or 1

    sides: list[SideResult] = []
    won_by_declarers = result.declarers_won
    unplayed = result.thrown_in and (game is None or not game.tricks)
    for label, pts in result.card_points.items():
        role, members = _side_of(result, label)
        names = [picture_name(table, s) for s in members]
        won: bool | None = None
        if won_by_declarers is not None and role == SIDE_DECLARERS:
            won = won_by_declarers
        elif won_by_declarers is not None and role == SIDE_OPPONENTS:
            won = not won_by_declarers
        taken = _cards_taken(game, members, result.tricks, per_trick)
        shown = names[0] if role == SIDE_PLAYER and names else words.named(table, words.side_label(label, t))
        told = words.points_text(result, label, t) if label in result.card_counts else ""
        if unplayed:  # no card was played: the cards laid away count for nothing here
            pts, taken, told = 0, 0, t._("no cards played")
        count = told or (t.ngettext("{n} point", "{n} points", pts) + ", "
                         + t.ngettext("{n} card", "{n} cards", taken))
        sides.append(SideResult(shown, names or [shown], pts, taken, won, told, count))
    if not sides:
        sides.append(SideResult(t._("All"), [picture_name(table, s) for s in active], 0, 0, None))

    payments: list[PaymentLine] = []
    for line in result.lines:
        gains = {k: v for k, v in line.net.items() if v > 0}
        if not gains:
            payments.append(PaymentLine(words.named(table, line.say(t)), ""))
            continue
        receivers = ", ".join(_who(table, k, t) for k in gains)
        values = set(gains.values())
        if len(values) == 1 and len(gains) > 1:
            amount = t._("+{amount} each", amount=money(table, values.pop(), t))
        else:
            amount = f"+{money(table, sum(gains.values()), t)}"
        payments.append(PaymentLine(words.named(table, line.say(t)) + " — "
                                    + t._("to {names}", names=receivers), amount))

    net_total = result.net
    balances_now = table.settlement.balances
    balances: list[PlayerBalance] = []
    for s in range(n):
        if s == sitting_out and not net_total.get(s):
            continue
        change = net_total.get(s, 0)
        # The balance after the hand is the season's, across variants (the store's, once the
        # hand is paid); before that there is no season balance to show, only the change.
        season = money(table, balances_now[s], t) if balances_now is not None and s in balances_now else ""
        balances.append(PlayerBalance(picture_name(table, s), change, _signed(table, change, t), season))

    pool_before = pool_after = ""
    delta = net_total.get(POOL, 0)
    if game is not None and (game.pool or delta):
        pool_before, pool_after = money(table, game.pool, t), money(table, game.pool + delta, t)

    note = ""
    called = called_text(table, game.public_view(), t) if game is not None else None
    declarers = sorted(result.declarer_side)
    if called and len(declarers) == 2:
        note = t._("Called {card}; partners: {first} and {second}.", card=called,
                   first=picture_name(table, declarers[0]), second=picture_name(table, declarers[1]))
    if unplayed and not note:
        note = t._("Settled without play: no card was played, so no card points were counted.")
    title = t._("Hand {hand}", hand=hand_no)
    if result.summary:
        title += f" — {words.named(table, result.say_summary(t))}"
    return SummaryScene(
        title=title,
        sides=sides,
        payments=payments,
        balances=balances,
        pool_before=pool_before,
        pool_after=pool_after,
        note=note,
        words=picture_words(t.lang),
    )


__all__ = ["clockwise", "hand_scene", "seat_infos", "summary_scene", "table_scene", "trick_scene"]
