"""The announcement rounds and their doubling (CZ-6 and relatives): who speaks when, what a
seat may double, what an announcement or a double can cost it, and when the round ends.

The state is ``Game.ann`` (``Announcements``); these are the round's procedures, apart from
``Game`` so that the deal's class stays readable.  ``Game`` opens the round
(``start_announcements``) and calls them (its ``double_targets``, ``cost_of``, ``game_cost``, ``knows_own_side``
and ``side_is_public`` are the public names); the variants keep answering through their
hooks (``announce_candidates``, ``apply_announcement``, ``doublable``, ``may_double``, ...).
Plain functions of the game, so that the compiled engine calls them directly; they are
``Game``'s own procedures and use its private cache of the legal actions (``_cached_legal``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import DONE, Action, Kind, Term
from .phase import Phase
from .restrictions import allowed
from .say import N_, Msg, seat_word
from .scoring import side_payment

if TYPE_CHECKING:
    from .game import Game


def open_round(g: Game) -> None:
    """``Game.start_announcements``: a new round, from the variant's starter (none: the
    round ends at once)."""
    g.ann.rounds += 1
    g.variant.before_announcements(g)
    g.ann.start_round(g.num_seats, g.variant.announce_passes(g))
    g.enter(Phase.ANNOUNCE, None)
    start = g.variant.announcement_starter(g)
    if start is None:
        g.finish_announcements()
        return
    g.turn_to(start)
    skip_silent_turns(g)


def legal(g: Game, seat: int) -> list[Action]:
    """The announcements, declarations and doubles the rules leave ``seat``, then Done."""
    out = allowed(g, seat, g.variant.announce_candidates(g, seat))  # (a new list)
    out.append(DONE)
    return out


def stake_against(g: Game, seat: int, action: Action) -> int | None:
    """What ``seat`` pays if the announcement or double ``action`` goes against its side
    (``Game.cost_of``)."""
    name = str(action.value)
    if action.kind is Kind.ANNOUNCE:
        level = 0
    elif action.kind is Kind.DOUBLE and name in g.ann.announced:
        level = g.ann.announced[name].level + 1
    else:
        return None
    return side_stake(g, seat, name, level)


def side_stake(g: Game, seat: int, name: str, level: int) -> int | None:
    """What ``seat`` pays when ``name`` at ``level`` goes against its side."""
    amount = g.variant.stake_of(g, name, level)
    if amount is None:
        return None
    if not own_side_known(g, seat):
        # Privacy: the bidder does not know yet whether a player holds the called card
        # or it lies in the talon (or, CZ-2, in the bidder's own hand), so the amount is
        # quoted as if alone, the most it can be, whichever it is.
        mine = frozenset((seat,))
        return -side_payment(frozenset(g.active) - mine, mine, amount).get(seat, 0)
    return -side_payment(g.opponents_of(seat), g.side_of(seat), amount).get(seat, 0)


def own_side_known(g: Game, seat: int) -> bool:
    """Whether ``seat`` knows which side it is on (``Game.knows_own_side``)."""
    if seat != g.bidder or g.contract is None or g.contract.alone or g.called is None:
        return True
    if g.partner_revealed:
        return True
    ps = g.ann.public_side  # said so (RO-15), or known by elimination (RO-13)
    return bool(ps) and (len(ps - {seat}) >= len(g.active) - 2
                         or (g.partner is not None and g.partner in ps))


def side_public(g: Game, seat: int) -> bool:
    """Whether everyone knows which side ``seat`` is on (``Game.side_is_public``)."""
    if g.contract is None or seat == g.bidder:
        return True
    ps = g.ann.public_side
    if seat in ps or (ps and (len(ps - {g.bidder}) >= len(g.active) - 2
                              or (g.partner is not None and g.partner in ps))):
        return True  # said so (RO-15), or known by elimination (RO-13)
    return g.contract.alone or g.called is None or g.partner_revealed


def open_doubles(g: Game, seat: int) -> list[str]:
    """Flek by the side opposing the announcers, reflek by the announcers, super by the
    flek side, up to the variant's depth, on what the variant lets be doubled."""
    out: list[str] = []
    an = g.ann
    if not an.announced:
        return out
    v = g.variant
    if an.doublable is None:  # fixed once the contract is: ask the variant once
        an.double_depth = v.double_depth(g)
        an.doublable = v.doublable(g)
    depth = an.double_depth
    doublable = an.doublable
    mine = g.side_of(seat)  # (being on the same side is symmetric)
    for name, ann in an.announced.items():
        lvl = ann.level
        if lvl >= depth or name not in doublable:
            continue
        if (ann.seat in mine) == (lvl % 2 == 1) and (
                not v.has_may_double or v.may_double(g, seat, name, lvl)):
            out.append(name)
    return out


def say(g: Game, seat: int, a: Action) -> None:
    """``seat`` announces, declares, doubles or is done (Done)."""
    an = g.ann
    if a.kind is Kind.DONE:
        if g.first_turn(seat):
            an.first_done.add(seat)
            an.spoke_first[seat] = True
        if an.spoke:
            an.passes = 0
        else:
            an.passes += 1
            g.emit("pass", seat, Msg(N_("{seat} has nothing to say."), {"seat": seat_word(seat)}))
        an.spoke = False
        _next_announcer(g, seat)
        return
    an.spoke = True
    if a.kind is Kind.DOUBLE:
        name = str(a.value)
        ann = an.announced[name]
        ann.level += 1
        ann.doublers.append(seat)
        if g.variant.doubles_reveal_side:
            an.public_side.add(seat)
        if name == "game":
            an.game_level = ann.level
        word = g.variant.double_word(ann.level)
        what = g.variant.title_of(name)
        an.log.append((seat, f"{word} ({what})"))
        g.emit("double", seat, Msg(N_("{seat}: {word} on {what}."),
                                   {"seat": seat_word(seat), "word": Term(word),
                                    "what": Term(what)}))
    else:
        g.variant.apply_announcement(g, seat, a)
    # (Through the cache: when the turn goes on, the seat's next legal_actions is this.)
    if not g.first_turn(seat) and not g._cached_legal(seat)[:-1]:
        # A doubling turn with nothing more to say ends by itself.
        say(g, seat, DONE)


def _next_announcer(g: Game, seat: int) -> None:
    an = g.ann
    if len(an.first_done) >= g._n_active and an.passes >= an.passes_to_end:
        g.finish_announcements()
        return
    g.turn_to(g.next_active(seat))
    skip_silent_turns(g)


def skip_silent_turns(g: Game) -> None:
    """A doubling-only turn is skipped when the seat has nothing to double and its side
    is public (skipping a possible secret partner would give the partnership away)."""
    n = g._n_active
    an = g.ann
    guard = 0
    while g.phase is Phase.ANNOUNCE and g.to_act is not None and guard < 3 * n:
        s = g.to_act
        if g.first_turn(s) or g.double_targets(s) or not side_public(g, s):
            return
        an.passes += 1
        if len(an.first_done) >= n and an.passes >= an.passes_to_end:
            g.finish_announcements()
            return
        g.turn_to(g.next_active(s))
        guard += 1
