"""The messages a table shows: lobby, public table, private panel, hand summary.

Public messages are built only from ``game.public_view()`` and the seat list;
private panels from ``game.view_for(seat)``.  Their buttons and selects are the
dynamic items of :mod:`cogs.ui.components`, which answer them, also after a restart.
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence

import discord

from bot.engine import VARIANTS, Action, Card, HandResult, Kind, PlayerView
from bot.engine.actions import SAFE_KINDS, act, safe_first
from bot.engine.cards import cards_of
from bot.engine.scoring import POOL, Transfer, transfers_from_net
from bot.i18n import N_, Text
from bot.store.models import Session
from bot.tables import words
from bot.tables.table import BETWEEN, CLOSED, LOBBY, PLAYING, Table
from bot.tables.teach import usual_outcome
from bot.tables.words import called_text, deal_of, money, pool_and_radler, variant_title
from cogs.ui.components import (
    LEVEL_NAMES,
    LOBBY_CHOICES,
    ActionButton,
    ActionSelect,
    HintButton,
    LobbyButton,
    MyHandButton,
    NextHandButton,
    RefreshButton,
    StopVoteButton,
    WhyButton,
)
from cogs.ui.review_view import ReviewButton
from cogs.ui.turns import takeover_line

GREEN = discord.Colour(0x2E7D32)
GREY = discord.Colour(0x607D8B)

# Kinds shown as a select rather than buttons (one card per option).
SELECT_KINDS = (Kind.DISCARD,)
MAX_ACTION_BUTTONS = 20  # rows 0..3; row 4 holds Why? / Hint / Refresh


def cards_text(table: Table, cards: Iterable[Card], t: Text) -> str:
    """Cards for a player, in the variant's words (``bot.tables.words``), in ``t``'s
    language (the škýz is "Skiż" to a Polish reader)."""
    return words.cards_text(table, cards, t=t)


def level_name(t: Text, level: str) -> str:
    """A computer level (easy, normal, strong) in ``t``'s language."""
    return t._(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level


def _seat_label(table: Table, seat: int, t: Text | None = None) -> str:
    t = t or words.public_text(table)
    s = table.seats[seat]
    if s is None:
        return "*" + t._("empty") + "*"
    if s.user_id is not None:
        label = f"<@{s.user_id}>"
        if s.away:
            label += " " + t._("(away — computer plays)")
        return label
    return f"{s.name} — {level_name(t, s.level or table.config.level)}"








# ----------------------------------------------------------------------- lobby
def lobby_message(table: Table) -> tuple[discord.Embed, discord.ui.View]:
    """The lobby, in the server's language (the table's public message)."""
    t = words.public_text(table)
    teach = words.teach_text(table, t) if table.config.teach else t._("Teach mode is off.")
    embed = discord.Embed(
        title=t.ngettext("Taroky table — {variant}, {n} player", "Taroky table — {variant}, {n} players",
                         table.config.players, variant=variant_title(table, t)),
        colour=GREEN,
        description=t._("Click **Join** to take a seat. Empty seats are filled by computer players when "
                        "the game starts.") + " " + teach,
    )
    lines = [f"{i + 1}. {_seat_label(table, i, t)}" for i in range(len(table.seats))]
    embed.add_field(name=t._("Seats"), value="\n".join(lines), inline=False)
    if table.config.options:
        opts = ", ".join(f"{k}={v}" for k, v in sorted(table.config.options.items()))
        embed.add_field(name=t._("House rules"), value=opts, inline=False)
    embed.set_footer(text=t._("table {id}", id=table.id))
    view = discord.ui.View(timeout=None)
    for what in LOBBY_CHOICES:
        button = LobbyButton(table.id, what, t)
        if what == "level":  # (the level new computers get; each seat keeps its own)
            button.item.label = t._("Computers: {level}", level=level_name(t, table.config.level))
        elif what == "teach":
            button.item.label = t._("Teach mode: on") if table.config.teach else t._("Teach mode: off")
        view.add_item(button)
    return embed, view


# ----------------------------------------------------------------------- public table
def _by_seat(table: Table, pairs: Iterable[tuple[int, str]]) -> str:
    return "\n".join(f"{table.seat_name(seat)}: {text}" for seat, text in pairs)


#: The public lines of the latest moments (``public_lines``), by what they are made of.
_PUBLIC_LINES: OrderedDict[tuple[object, ...], tuple[tuple[str, str], ...]] = OrderedDict()
#: Moments kept: each change of a table needs one or two (the table message's view, and a
#: player's where it differs) while its messages are built.
PUBLIC_LINES_KEPT = 1024


def public_lines(table: Table, pub: PlayerView, t: Text | None = None) -> list[tuple[str, str]]:
    """(field name, value) pairs describing the public state, in a stable order, in
    ``t``'s language (the table's when none is given).

    Only what every player may see is read: bids, contract, called card,
    announcements, doubles, exposed talon and public discards, the tricks.
    (Bids, the contract, the called card and announcements are the engine's words, said
    in ``t``'s language.)

    Kept per moment (issue #33): at each change the table message and both panels show
    these lines, built three times alike (a third of building a message).  The key is
    everything they are made of: the table and its game's moment (the engine's history
    grows with every change of its state: the contract's and the bids' words read the
    game), the reader's language, the seats' names and every field of ``pub`` read here
    (a player may know the called card the table does not).
    """
    t = t or words.public_text(table)
    game = table.game
    key = (table.id, table.hand_no, len(game.history) if game is not None else -1, t.lang,
           tuple(table.seat_name(i) for i in range(len(table.seats))),
           pub.bids, pub.contract, pub.bidder, pub.called, pub.called_card, pub.announcements, pub.doubles,
           pub.shown, pub.exposed, pub.public_discards, pub.trick, pub.last_trick, pub.last_winner,
           pub.last_trick_talon)
    kept = _PUBLIC_LINES.get(key)
    if kept is None:
        kept = _PUBLIC_LINES[key] = tuple(_public_lines(table, pub, t))
        if len(_PUBLIC_LINES) > PUBLIC_LINES_KEPT:
            _PUBLIC_LINES.popitem(last=False)
    else:
        _PUBLIC_LINES.move_to_end(key)
    return list(kept)


def _public_lines(table: Table, pub: PlayerView, t: Text) -> list[tuple[str, str]]:
    """``public_lines``, built."""
    fields: list[tuple[str, str]] = []
    if pub.bids:
        fields.append((t._("Bids"), _by_seat(table, words.bids_of(table, pub.bids, t))))
    if pub.contract:
        contract = words.contract_text(table, pub.contract, t)
        if pub.bidder is not None:
            contract += " — " + t._("declarer {name}", name=table.seat_name(pub.bidder))
        fields.append((t._("Contract"), contract))
    called = called_text(table, pub, t)
    if called:
        fields.append((t._("Called"), called))
    if pub.announcements:
        fields.append((t._("Announcements"), _by_seat(table, (
            (s, words.named(table, words.announcement_text(table, text, t))) for s, text in pub.announcements))))
    doubles = words.doubles_text(table.game.variant, pub.doubles, t) if table.game is not None else []
    if doubles:
        # In the variant's words and as the multiplier (Kontra ×2 … Mord ×16, PL-6), the
        # same lines as the picture's.
        fields.append((t._("Doubles"), "\n".join(doubles)))
    if pub.shown:  # cards laid face up from a hand (Kozy's four kings): public while held
        fields.append((t._("Shown from a hand"),
                       _by_seat(table, ((s, cards_text(table, cs, t)) for s, cs in pub.shown))))
    if pub.exposed:
        fields.append((t._("Talon shown"), cards_text(table, pub.exposed, t)))
    if pub.public_discards:
        fields.append((t._("Discarded face up"), _by_seat(table, (
            (s, words.say(table, c, t=t)) for s, c in pub.public_discards))))
    if pub.trick:
        fields.append((t._("Trick"), trick_text(table, pub.trick, t)))
    if pub.last_trick:
        text = trick_text(table, pub.last_trick, t)
        if pub.last_winner is not None:
            text += " → " + t._("won by {name}", name=table.seat_name(pub.last_winner))
        if pub.last_trick_talon is not None:  # Varšava: a talon card goes face up with it (CZ-13)
            text += ", " + t._("with the talon card {card}", card=words.say(table, pub.last_trick_talon, t=t))
        fields.append((t._("Last trick"), text))
    return fields


def trick_text(table: Table, plays: Sequence[tuple[int, Card]], t: Text) -> str:
    """The cards of a trick by whom, in ``t``'s language."""
    return ", ".join(f"{table.seat_name(seat)}: **{words.say(table, card, t=t)}**" for seat, card in plays) or "—"








def table_message(table: Table) -> tuple[discord.Embed, discord.ui.View]:
    """The public table message: never shows a card only one player may see.  Its view
    is kept for the table's state (``_table_view``): send it as it is."""
    if table.status == LOBBY:
        return lobby_message(table)
    game = table.game
    t = words.public_text(table)
    embed = discord.Embed(title=t._("Taroky — {variant}, hand {hand}", variant=variant_title(table, t),
                                    hand=table.hand_no) + deal_of(table, t),
                          colour=GREEN)
    to_act = game.to_act if (game is not None and table.status == PLAYING) else None
    lines = []
    for i in range(len(table.seats)):
        marks = []
        if i == table.dealer:
            marks.append(t._("dealer"))
        if i == to_act:
            marks.append("**" + t._("to act") + "**")
        tail = f" — {', '.join(marks)}" if marks else ""
        arrow = "▶ " if i == to_act else ""
        lines.append(f"{arrow}{i + 1}. {_seat_label(table, i, t)}{tail}  ({money(table, table.scores[i], t)})")
    embed.add_field(name=t._("Seats (in play order)"), value="\n".join(lines), inline=False)
    extra = pool_and_radler(table, t)
    if extra:
        radler = table.session.radler_left > 0 or (game is not None and game.stake > 1)
        embed.add_field(name=t._("Pool and radler") if radler else t._("Pool"),
                        value=extra[0].upper() + extra[1:], inline=False)
    if game is not None:
        pub: PlayerView = game.public_view()
        status = t._("Phase: **{phase}**.", phase=words.phase_name(pub.phase, t))
        if to_act is not None:
            status += " " + t._("Waiting for {name}.", name=_seat_label(table, to_act, t))
        embed.description = status
        for name, value in public_lines(table, pub, t):
            embed.add_field(name=name, value=value[:1024], inline=False)
    commitment = commitment_text(table, t)
    if commitment is not None:
        embed.add_field(name=t._("Shuffle commitment"), value=commitment, inline=False)
    leavers = [(s.stands_in_for, s.name) for s in table.seats if s is not None and s.stands_in_for is not None]
    if leavers and table.status == PLAYING:  # (issue #29: a hand in play always ends paid)
        embed.add_field(name=t._("Left during the hand"), value="\n".join(t._(
            "{player} left: {computer} finishes the hand for them, and {player} pays or is paid "
            "as the cards fall.", player=player, computer=computer) for player, computer in leavers)[:1024],
            inline=False)
    vote = table.stop_request.vote
    if vote is not None and table.status == PLAYING:  # (issue #29: a stop needs everyone)
        agreed = [table.seat_name(i) for i, s in enumerate(table.seats)
                  if s is not None and s.user_id is not None and s.user_id in vote.agreed]
        asked = t._(
            "{name} asks to stop this hand now: nobody would pay or be paid for it. It stops only if "
            "every seated player agrees; if anyone keeps playing, or nobody answers in time, it is played "
            "out and paid. Agreed so far: {agreed}.", name=vote.asked_by, agreed=", ".join(agreed))
        if vote.not_kept:  # (the database refused the annulment: say why the hand goes on)
            asked += "\n" + t._(
                "Everyone seated has agreed, but the database did not take the stop just now, so the hand "
                "goes on for the moment: click **Agree to stop now** again to stop it.")
        embed.add_field(name=t._("Stop this hand now?"), value=asked[:1024], inline=False)
    elif table.stop_request.is_withdrawn() and table.status == PLAYING:  # (issue #30: nobody named)
        embed.add_field(name=t._("Stop this hand now?"), value=t._(
            "The player who asked to stop this hand has left the table, so the request is withdrawn: "
            "the hand goes on and is paid as the cards fall."), inline=False)
    if table.closing and table.status in (PLAYING, BETWEEN) and table.annulled is None:
        # (whoever closed it may have been forgotten, issue #30: the close stands, unnamed)
        embed.add_field(name=t._("Closing"), value=t._(
            "{name} closed the table: it closes when this hand ends, and the hand is played out "
            "and paid as the cards fall.", name=table.closing_by) if table.closing_by is not None else t._(
            "The table closes when this hand ends: the hand is played out (a computer plays for "
            "anyone away) and paid as the cards fall."), inline=False)
    if table.status == BETWEEN and table.settlement.given_up:
        embed.add_field(name=t._("Not paid yet"), value=t._(
            "This hand could not be paid, and an admin must look at it "
            "(`/taroky-admin retry-payment` tries again)."), inline=False)
    elif table.status == BETWEEN and table.settlement.unpaid is not None:
        embed.add_field(name=t._("Not paid yet"), value=t.ngettext(
            "The database did not take this hand's payments; they are retried automatically "
            "({n} attempt failed so far). Nothing is lost: the next hand "
            "can be dealt once this one is paid.",
            "The database did not take this hand's payments; they are retried automatically "
            "({n} attempts failed so far). Nothing is lost: the next hand "
            "can be dealt once this one is paid.", table.settlement.failures), inline=False)
    view = _table_view(table.id, table.status, vote.hand_no if vote is not None else None, table.closing, t)
    if table.status == BETWEEN:
        embed.colour = GREY
    elif table.status == CLOSED:
        embed.colour = GREY
        embed.description = t._("This table is closed.")
        if table.expired:
            embed.description = t._("This lobby is closed: nobody started it in time. "
                                    "Open a new one with /taroky new.")
        elif table.annulled is not None:
            how = {"agreement": t._("every seated player agreed"),
                   "admin": t._("an admin annulled it")}.get(table.annulled) or t._("the table was closed during it")
            embed.description = t._(
                "This table is closed. Its last hand was stopped in play ({how}): nobody paid or was paid "
                "for it, and its record, with the deck and the salt, is in /taroky history.", how=how)
    embed.set_footer(text=t._("table {id}", id=table.id))
    return embed, view


#: Table messages' views kept (``_table_view``): one or two a table (in play, between
#: hands), replaced once a hand.
VIEWS_KEPT = 4096


@functools.lru_cache(maxsize=VIEWS_KEPT)
def _table_view(table_id: str, status: str, vote_hand: int | None, closing: bool, t: Text) -> discord.ui.View:
    """The table message's buttons: My hand (and the vote to stop the hand now, while one
    runs) in play, Deal the next hand between hands (unless the table closes); the same
    all hand long, so kept under everything they show (the arguments): a view's buttons
    cost discord.py some 10 µs each to build (issue #33), and the table message sent the
    same ones at every change of the hand.  A view kept is sent as it is, never changed:
    each of its items is a dynamic item (``cogs.ui.components``), so discord.py stores
    nothing per message for it and any copy of it answers a click."""
    view = discord.ui.View(timeout=None)
    if status == PLAYING:
        view.add_item(MyHandButton(table_id, t))
        if vote_hand is not None:
            view.add_item(StopVoteButton(table_id, vote_hand, True, t))
            view.add_item(StopVoteButton(table_id, vote_hand, False, t))
    elif status == BETWEEN and not closing:
        view.add_item(NextHandButton(table_id, t))
    return view


def commitment_text(table: Table, t: Text) -> str | None:
    """The hand's shuffle commitment and, once the pack is cut (C-2), where and by whom:
    what ``taroky verify --commitment --cut`` checks the hand's record against
    (docs/fair-shuffle.md).  Shown on the table message and in every panel."""
    if table.deal_commitment is None or table.status not in (PLAYING, BETWEEN):
        return None
    text = f"`{table.deal_commitment}`\n" + t._(
        "A fingerprint of this hand's deck, fixed before the deal; "
        "the hand's record reveals the deck and its secret, so `taroky verify` can check it.")
    game = table.game
    if game is not None and game.ritual.cut_at is not None:
        cutter = next(seat for seat, a in game.history if a.kind is Kind.CUT)
        text += "\n" + t._("The pack was cut at card {n} by {name}.", n=game.ritual.cut_at,
                           name=table.seat_name(cutter))
    return text


# ----------------------------------------------------------------------- private panel
def panel_message(table: Table, seat: int, *, reviews: bool = False) -> tuple[discord.Embed, discord.ui.View]:
    """The private (ephemeral) panel of one seat: hand, prompt, legal choices only.
    ``reviews``: the bot keeps the hands and reviews them (issue #28): in teach mode the
    panel of a paid hand offers the player its review.  (Its view is built each time: a
    panel's buttons change with every step, and a view kept until the next one would live
    long enough to reach the collector's oldest generation — a view and its items hold
    each other, so only a full collection frees them.)"""
    game = table.game
    t = words.seat_text(table, seat)  # the player's own language
    embed = discord.Embed(title=t._("Your hand — table {id}, hand {hand}", id=table.id, hand=table.hand_no),
                          colour=GREEN)
    if seat < len(table.scores):  # the player's balance, in their own panel
        embed.set_footer(text=t._("Your balance this session: {amount}", amount=money(table, table.scores[seat], t)))
    view = discord.ui.View(timeout=None)
    if game is None or table.status != PLAYING:
        embed.description = t._("The hand is over; the summary is in the channel.")
        if table.last_result is not None and seat < len(table.seats):
            embed.description = (your_result(table, seat, table.last_result)
                                 + "\n" + t._("The whole summary is in the channel."))[:4000]
            if reviews and table.config.teach and table.settlement.unpaid is None:
                embed.description = (embed.description + "\n\n" + t._(
                    "What did your choices cost, and what would the strong player have done? "
                    "**Review** shows you (only you)."))[:4000]
                view.add_item(ReviewButton(table.hand_id, t))
        return embed, view
    pv: PlayerView = game.view_for(seat)
    legal = table.offered(seat) if pv.legal else []  # (a lesson may offer fewer: Table.offered)
    if legal:
        embed.description = "**" + t._("Your turn.") + f"** {words.named(table, words.prompt_text(table, seat, t))}"
        clock = takeover_line(table, seat)  # the countdown (cogs.ui.turns)
        if clock:
            embed.description += f"\n{clock}"
    else:
        wait = (t._("Waiting for {name}.", name=table.seat_name(pv.to_act)) if pv.to_act is not None
                else t._("Waiting for nobody."))
        embed.description = words.named(table, words.prompt_text(table, seat, t)) or wait
    embed.add_field(name=t._("Your cards ({n})", n=len(pv.hand)), value=words.hand_text(table, pv.hand, t), inline=False)
    if pv.talon_seen:
        embed.add_field(name=t._("Talon you see"), value=cards_text(table, pv.talon_seen, t), inline=False)
    for name, value in public_lines(table, pv, t):
        embed.add_field(name=name, value=value[:1024], inline=False)
    commitment = commitment_text(table, t)  # (issue #29: each player can note it, not only the table)
    if commitment is not None:
        embed.add_field(name=t._("Shuffle commitment"), value=commitment, inline=False)
    if legal:
        _add_action_components(table, seat, view, legal, t)
    row = 4
    view.add_item(WhyButton(table.id, seat, table.hand_no, table.step, row=row, t=t))
    if table.config.teach and legal:
        view.add_item(HintButton(table.id, seat, table.hand_no, table.step, row=row, t=t))
    view.add_item(RefreshButton(table.id, seat, row=row, t=t))
    return embed, view


def choose_placeholder(kind: Kind, t: Text) -> str:
    """The placeholder of a select of ``kind``'s choices (other than discards and cards
    to play, which say how many)."""
    if kind is Kind.CALL:
        return t._("Choose a card to call")
    if kind is Kind.BID:
        return t._("Choose a bid")
    if kind is Kind.ANNOUNCE:
        return t._("Choose what to announce")
    if kind is Kind.DOUBLE:
        return t._("Choose what to double")
    return t._("Choose one")


def _style(action: Action) -> discord.ButtonStyle:
    if action.kind is Kind.PLAY or action.kind in SAFE_KINDS:
        return discord.ButtonStyle.primary
    return discord.ButtonStyle.secondary


def discard_options(table: Table, seat: int) -> tuple[list[Action], int]:
    """The cards ``seat`` may lay away in this discard, and how many it must: the cards
    allowed now, and those allowed once the others are gone (a tarok may be laid away only
    when nothing else is left: it is offered too, and the table checks the whole choice)."""
    game = table.game
    if game is None or game.discard_seat != seat:
        return [], 0
    need = game.discard_need
    g = game.clone()
    mask = 0
    for _ in range(need):
        now = g.discard_mask(seat)
        if not now:
            break
        mask |= now
        card = min(cards_of(now), key=lambda c: (c.points, -int(c)))
        g.act(seat, act(Kind.DISCARD, card))
    return [act(Kind.DISCARD, c) for c in cards_of(mask)], need


def _add_action_components(table: Table, seat: int, view: discord.ui.View, legal: list[Action],
                           t: Text | None = None) -> None:
    t = t or words.seat_text(table, seat)
    selects: dict[Kind, list[Action]] = {}
    buttons: list[Action] = []
    cut = any(a.kind is Kind.CUT for a in legal)
    for a in safe_first(legal):
        if a.kind is Kind.CUT:
            continue  # (the places to cut at: selects below)
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
        view.add_item(ActionButton.of(table, seat, a, _style(a), row=i // 5, t=t))
    row = (len(buttons) + 4) // 5
    for kind, actions in list(selects.items())[: 4 - row + 1]:
        need = 1
        placeholder = choose_placeholder(kind, t)
        if kind is Kind.DISCARD:
            offered, need = discard_options(table, seat)
            actions = offered or actions
            need = max(1, min(need, len(actions), 25))
            placeholder = t.ngettext("Choose {n} card to discard", "Choose {n} cards to discard", need)
        elif kind is Kind.PLAY:
            placeholder = t._("Choose a card to play")
        options = [discord.SelectOption(label=words.label(table, a, t)[:100], value=a.code) for a in actions[:25]]
        view.add_item(
            ActionSelect(
                table.id, seat, table.hand_no, table.step, kind.value,
                options=options, placeholder=placeholder,
                min_values=need, max_values=need,
                row=min(row, 3),
            )
        )
        row += 1
    if cut and table.game is not None:
        _add_cut_selects(table, seat, view, table.game.cut_places, row, t)


def _add_cut_selects(table: Table, seat: int, view: discord.ui.View, places: range, row: int, t: Text) -> None:
    """C-2, issue #29: the cutter chooses where to cut, after the commitment is shown,
    among the places the rules allow only (25 to a select)."""
    for i, start in enumerate(range(places.start, places.stop, 25)):
        chunk = range(start, min(start + 25, places.stop))
        options = [discord.SelectOption(label=t._("At card {n}", n=n), value=act(Kind.CUT, n).code)
                   for n in chunk]
        view.add_item(ActionSelect(
            table.id, seat, table.hand_no, table.step, "cut" + "abcd"[i], options=options,
            placeholder=t._("Cut the pack at card {low} to {high}", low=chunk.start, high=chunk.stop - 1),
            row=min(row + i, 3)))


# ----------------------------------------------------------------------- summary
#: Discord's limits on an embed: a field's value, the fields, the whole embed.
FIELD_LIMIT = 1024
MAX_FIELDS = 25
EMBED_LIMIT = 6000


def add_lines(embeds: list[discord.Embed], name: str, lines: Sequence[str], t: Text | None = None) -> None:
    """Add ``lines`` under the heading ``name`` to the last embed, split over as many
    fields (and further embeds) as Discord's limits need: nothing is cut off."""
    chunks: list[list[str]] = [[]]
    for line in lines:
        while len(line) > FIELD_LIMIT:  # (a single line longer than a field: rare)
            chunks.append([line[:FIELD_LIMIT]])
            line = line[FIELD_LIMIT:]
            chunks.append([])
        if chunks[-1] and len("\n".join([*chunks[-1], line])) > FIELD_LIMIT:
            chunks.append([])
        chunks[-1].append(line)
    for i, chunk in enumerate(c for c in chunks if c):
        value = "\n".join(chunk)
        title = name if i == 0 else (t or Text())._("{heading} (continued)", heading=name)
        embed = embeds[-1]
        if len(embed) + len(title) + len(value) > EMBED_LIMIT or len(embed.fields) >= MAX_FIELDS:
            embed = discord.Embed(colour=embed.colour)
            embeds.append(embed)
        embed.add_field(name=title, value=value, inline=False)


def line_payments(table: Table, net: Mapping[int, int], t: Text | None = None) -> str:
    """Who pays whom in one payment line, with the amounts: "Bob pays Alice Kč 2.00"."""
    t = t or words.public_text(table)
    if sum(net.values()) != 0:  # (not a closed line: each party's change instead)
        return ", ".join(f"{side_name(table, who, t)} {'+' if v > 0 else ''}{money(table, v, t)}"
                         for who, v in net.items() if v)
    return "; ".join(transfer_text(table, tr, t) for tr in transfers_from_net(dict(net)))


def transfer_text(table: Table, tr: Transfer, t: Text) -> str:
    """One transfer in plain words: "Bob pays Alice Kč 2.00", "Bob pays 5 points into the
    pool", "Alice takes 5 points from the pool"."""
    amount = money(table, tr.amount, t)
    if tr.payer == POOL:
        return t._("{payee} takes {amount} from the pool", payee=side_name(table, tr.payee, t), amount=amount)
    if tr.payee == POOL:
        return t._("{payer} pays {amount} into the pool", payer=side_name(table, tr.payer, t), amount=amount)
    return t._("{payer} pays {payee} {amount}", payer=side_name(table, tr.payer, t),
               payee=side_name(table, tr.payee, t), amount=amount)


def payment_lines(table: Table, result: HandResult, t: Text | None = None) -> list[str]:
    """Every payment line of a hand, in words with who pays whom and how much (the
    lines' labels are the engine's words: translated there)."""
    out = []
    for line in result.lines:
        label = words.named(table, line.say(t or Text()))
        parts = line_payments(table, line.net, t) if any(line.net.values()) else ""
        out.append(f"{label}: {parts}" if parts else label)
    return out


def summary_embeds(table: Table, hand_no: int, result: HandResult) -> list[discord.Embed]:
    """End-of-hand summary: what happened, card points, every payment line with who pays
    whom, the transfers and the new balances, over as many fields (and embeds) as it
    takes: nothing is cut off."""
    t = words.public_text(table)
    embed = discord.Embed(title=t._("Hand {hand} is over", hand=hand_no), colour=GREY)
    embeds = [embed]
    summary = words.named(table, result.say_summary(t)) if result.summary else ""
    if not result.tricks or not any(result.tricks.values()):
        summary = (summary + " " if summary else "") + t._("No card was played in this hand.")
    if summary:
        embed.description = summary[:4000]
    if result.card_points and any(result.tricks.values()):
        # (the sides' names and counts in words: the engine's labels, said in t's language)
        add_lines(embeds, t._("Card points"), [
            f"{words.named(table, words.side_label(side, t))}: {words.points_text(result, side, t)}"
            for side in result.card_points], t)
    if result.lines:
        add_lines(embeds, t._("Payments"), payment_lines(table, result, t), t)
    if result.transfers:
        add_lines(embeds, t._("Who pays whom in all"), [transfer_text(table, tr, t) for tr in result.transfers], t)
    usual = usual_outcome(table.game, table.config.options) if (
        table.config.teach and table.game is not None and table.game.is_over) else None
    if usual is not None:
        add_lines(embeds, t._("Outside teach mode"), [
            t._("This hand was played out because the table is in teach mode. Under the usual rule it "
                "would have ended before the play: {summary}", summary=words.named(table, usual.say_summary(t))),
            *payment_lines(table, usual, t)], t)
    add_lines(embeds, t._("Balances this session"), [
        f"{table.seat_name(i)}: {money(table, s, t)}" for i, s in enumerate(table.scores)], t)
    return embeds


def summary_message(table: Table, hand_no: int, result: HandResult) -> discord.Embed:
    """The summary's first embed (the one that carries the picture)."""
    return summary_embeds(table, hand_no, result)[0]


def your_result(table: Table, seat: int, result: HandResult) -> str:
    """The hand's result for one player: "Your side lost Kč 19.80." and the lines that
    moved their money (for their private panel)."""
    t = words.seat_text(table, seat)
    change = result.net.get(seat, 0)
    side = result.declarer_side and seat in result.tricks
    if change > 0:
        head = (t._("Your side won: you receive {amount}.", amount=money(table, change, t)) if side
                else t._("You won: you receive {amount}.", amount=money(table, change, t)))
    elif change < 0:
        head = (t._("Your side lost: you pay {amount}.", amount=money(table, -change, t)) if side
                else t._("You lost: you pay {amount}.", amount=money(table, -change, t)))
    else:
        head = t._("No money moved for you in this hand.")
    mine = [
        f"{words.named(table, line.say(t))}: {'+' if line.net[seat] > 0 else ''}{money(table, line.net[seat], t)}"
        for line in result.lines if line.net.get(seat)]
    return "\n".join([head, *mine])


def side_name(table: Table, who: int, t: Text | None = None) -> str:
    """A payer or payee: a seat's name, or the pool."""
    if who == POOL:
        return (t or words.public_text(table))._("the pool")
    return table.seat_name(who)


# ----------------------------------------------------------------------- session
FINISH_TEXT = {
    "deals_completed": N_("all agreed deals were played"),
    "broke": N_("a player could not pay"),
    "stopped": N_("the table was closed"),
}


def who(player_id: int, t: Text | None = None) -> str:
    """A player no longer at the table, for an embed: a mention (no ping in embeds), or
    "a computer player" (the table names its computers only while they sit there)."""
    if player_id < 0:
        return (t or Text())._("a computer player")
    return f"<@{player_id}>"


def signed(currency: str, amount: int, t: Text | None = None) -> str:
    return ("+" if amount > 0 else "") + (t or Text()).money(currency, amount)


def session_summary_embed(table: Table, session: Session) -> discord.Embed:
    """The end of a session: why it ended, deals played and everyone's total."""
    t = words.public_text(table)
    currency = session.currency
    reason = (t._(FINISH_TEXT[session.finish_reason]) if session.finish_reason in FINISH_TEXT
              else session.finish_reason or t._("it ended"))
    if session.deals_planned:
        played = t.ngettext("{played} of {n} deal played; {reason}.", "{played} of {n} deals played; {reason}.",
                            session.deals_planned, played=t.number(session.deals_played), reason=reason)
    else:
        played = t.ngettext("{n} deal played; {reason}.", "{n} deals played; {reason}.",
                            session.deals_played, reason=reason)
    embed = discord.Embed(
        title=t._("The session is over"),
        description=played,
        colour=discord.Colour.dark_gold(),
    )
    names: dict[int, str] = {}
    for seat in range(len(table.seats)):
        names[table.participant(seat)] = table.seat_name(seat)
    for seat, pid in enumerate(table.hand_players):
        names.setdefault(pid, table.seat_name(seat))
    ranking = sorted(session.totals.items(), key=lambda kv: -kv[1])
    embed.add_field(
        name=t._("Session totals"),
        value="\n".join(f"{names.get(p, who(p, t))}: {signed(currency, a, t)}" for p, a in ranking)
        or t._("No money moved."),
        inline=False,
    )
    if table.status == CLOSED:
        embed.set_footer(text=t._("The table is closed. Open a new one with /taroky new."))
    else:
        embed.set_footer(text=t._("Deal the next hand to start a new session, or /taroky end to close the table."))
    return embed


#: /taroky help: every command and button in one page, for a newcomer.
HELP_LINES = (
    (N_("New to Taroky?"), N_("`/taroky lesson` deals prepared hands of any of the games against "
     "computer players, in a panel only you see: a goal at every step, what you did well or "
     "could do better, and a review at the end. Nothing is booked.")),
    (N_("Start a game"), N_("`/taroky new` opens a table in this channel (choose the game with `variant`; "
     "teach mode is on unless you say `teach: False`). Others click **Join**; **Start** deals, and "
     "computer players take the empty seats.")),
    (N_("Play"), N_("Click **My hand** on the table message: only you see your cards and your choices. "
     "The safe choice (Pass, Done) always comes first. **Why?** explains what you may do and what "
     "each choice commits you to; **Hint** (teach mode) shows what the strongest computer player "
     "would do, and why.")),
    (N_("Learn the rules"), N_("`/taroky rules` lists the topics of this table's game; "
     "`/taroky rules topic:` any phase or word you meet (e.g. povinnost, flek, talon).")),
    (N_("The table"), N_("`/taroky table` posts the table again at the bottom of the channel; "
     "`/taroky hand` opens your panel; `/taroky leave` gives your seat to a computer; "
     "`/taroky end` closes the table.")),
    (N_("Money and records"), N_("`/taroky balance`, `/taroky stats`, `/taroky leaderboard`, "
     "`/taroky history` (download any hand) and `/taroky pool`.")),
)


def help_embed(t: Text | None = None) -> discord.Embed:
    """The one help page (``/taroky help``), in the reader's language."""
    t = t or Text()
    embed = discord.Embed(title=t._("Taroky — how to play here"), colour=GREEN)
    for name, value in HELP_LINES:
        embed.add_field(name=t._(name), value=t._(value), inline=False)
    embed.set_footer(text=t._("Games: {games}", games=", ".join(
        t.variant_title(v.name) for v in dict.fromkeys(VARIANTS.values()))))
    return embed
