"""One hand of Taroky (or a relative): the state machine every variant shares.

``Game`` holds the state of one deal and applies actions through the triad
``verify(seat, action)`` (raises) / ``can(seat, action)`` (bool) / ``act(seat, action)``
(applies and returns ``Event`` records).  What differs between rule systems lives in the
``Variant`` object (``bot.engine.variants``): class constants for the axes (players,
direction, pip order, pack, ...) and a few hooks (auction, call, talon plan, bonuses,
scoring).  The shared procedures here — dealing, staged talon, discarding, the
announcement round with its doubling chain, trick play — are parameterised by them.

Seats are numbered in play order (C-1: anticlockwise or clockwise is only a matter of
drawing): the seat after ``s`` is ``s + 1`` modulo the number of seats.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from . import announcing, pre_auction, refusals, ritual, talon
from .actions import DONE, Action, Kind
from .cards import (
    CARD_POINTS,
    CARDS,
    MOND,
    PAGAT,
    SKYZ,
    Card,
    cards_of,
    mask_of,
)
from .errors import IllegalAction, NotYourTurn
from .kernel import (
    DISCARD_BYTES,
    PLAY_BYTES,
    PLAY_EVENTS,
    PLAY_HISTORY,
    SEAT_CARD,
    TRICK_EVENTS,
    Event,
    actions_of,
    shuffle,
)
from .masks import FIVE_POINT_MASK, KING_MASK, count_mask_points
from .phase import Phase as Phase  # (exported: the variants import it from here)
from .recording import derived_cut
from .restrictions import ActionRule, CardRule, allowed
from .rng import RandomSource, secure_rng
from .say import ENGLISH, N_, Msg, Say, seat_word
from .scoring import HandResult

if TYPE_CHECKING:
    from .variants.base import OptionValue, Variant




@dataclass(frozen=True, slots=True)
class Contract:
    """A contract a variant offers (povinnost, trojka, Four, Five Over, Varšava, ...)."""

    name: str
    title: str
    rank: int
    alone: bool = False  # the bidder plays without a partner
    call: str | None = None  # "tarok" or "king": how a partner is called
    talon: str = "none"  # "povinnost", "staged", "none", "varsava"
    negative: bool = False  # the aim is to avoid card points (Varšava, nullo)
    pagat_promised: bool = False  # druhá povinnost: pagát announced by bidding it


# (``init=False`` with an explicit ``__init__``: the compiled engine then builds these
# natively instead of calling the dataclass module's generated Python code.)


@dataclass(init=False)
class Announced:
    """A bonus announced for a side, and its doubling level (0 none, 1 flek, ...)."""

    name: str
    seat: int  # who announced it (the announcing side is this seat's side)
    level: int

    def __init__(self, name: str, seat: int, level: int = 0) -> None:
        self.name = name
        self.seat = seat
        self.level = level
        self.doublers: list[int] = []  # who said each double, in order (RO-20: the contra sayer)

    def clone(self) -> Announced:
        c = Announced(self.name, self.seat, self.level)
        c.doublers = self.doublers.copy()
        return c


class Announcements:
    """The announcement rounds and their doubling chains (CZ-6 and relatives): what each
    side announced and how far it is doubled, the declarations, the public log, and where
    the round in progress stands.  ``Game`` runs the rounds; variants read and record."""

    def __init__(self, seats: int, passes_to_end: int) -> None:
        self.announced: dict[str, Announced] = {}  # bonus (or "game") -> its announcement
        self.game_level = 0  # flek level on the game
        self.declared: dict[int, list[str]] = {s: [] for s in range(seats)}
        self.log: list[tuple[int, str]] = []  # (seat, words) for the table, in order
        self.rounds = 0  # announcement rounds started so far (Kozy has two, K3)
        self.abandoned: set[str] = set()  # NE-7: announced last-trick bonuses given up
        # RO-15: seats whose side their own words made public (announcing, doubling).
        self.public_side: set[int] = set()
        # The round in progress:
        self.first_done: set[int] = set()  # seats that have had their first turn
        self.spoke_first: list[bool] = [False] * seats  # the same, by seat (fast lookup)
        self.spoke = False  # the seat to act said something this turn
        self.passes = 0  # passes in a row
        self.passes_to_end = passes_to_end  # RO-12: the passes that end the round
        # The variant's answers for this round, asked once (``Game.double_targets``):
        self.doublable: frozenset[str] | None = None
        self.double_depth = 0

    def start_round(self, seats: int, passes_to_end: int) -> None:
        """A new round (``rounds`` already counts it): nobody has had a first turn, nobody
        has passed."""
        self.doublable = None
        self.first_done = set()
        self.spoke_first = [False] * seats
        self.passes = 0
        self.spoke = False
        self.passes_to_end = passes_to_end

    def clone(self) -> Announcements:
        c = Announcements(0, self.passes_to_end)
        c.announced = {n: a.clone() for n, a in self.announced.items()}
        c.game_level = self.game_level
        c.declared = {s: d.copy() for s, d in self.declared.items()}
        c.log = self.log.copy()
        c.rounds = self.rounds
        c.abandoned = set(self.abandoned)
        c.public_side = set(self.public_side)
        c.first_done = set(self.first_done)
        c.spoke_first = self.spoke_first.copy()
        c.spoke = self.spoke
        c.passes = self.passes
        c.passes_to_end = self.passes_to_end
        c.doublable = self.doublable
        c.double_depth = self.double_depth
        return c


class Auction:
    """The bidding as it stands: the high bid and who holds it, whose turn in a one-round
    auction, who has passed (out) or spoken, and whether the bidder plays without a king."""

    def __init__(self) -> None:
        self.high: Contract | None = None
        self.high_seat: int | None = None
        self.turn = 0  # one-turn-each auctions (CZ-1): how many have spoken
        self.out: set[int] = set()  # passed: out of the bidding (NE-2)
        self.spoke: set[int] = set()  # have had a turn (the throw-in is on the first)
        self.alone = False  # PT-2: "Without a King"
        self.pre_round = 0  # which round before the bidding is in progress (KZ-2, KZ-3)

    def clone(self) -> Auction:
        c = Auction()
        c.high = self.high
        c.high_seat = self.high_seat
        c.turn = self.turn
        c.out = set(self.out)
        c.spoke = set(self.spoke)
        c.alone = self.alone
        c.pre_round = self.pre_round
        return c


class StagedTalon:
    """The talon looked at group by group (trojka, Four): the size and number of groups,
    the group in view (``stage``) and the groups put aside."""

    def __init__(self, group: int, groups: int) -> None:
        self.group = group
        self.groups = groups
        self.stage = 0
        self.rejected: list[int] = []

    def clone(self) -> StagedTalon:
        c = StagedTalon(self.group, self.groups)
        c.stage = self.stage
        c.rejected = self.rejected.copy()
        return c


class TalonDraws:
    """CZ-3: after the bidder's four cards the next players draw one talon card each; one
    of the two after the bidder may decline, never both."""

    def __init__(self, drawers: list[int]) -> None:
        self.next = 4  # the next talon card to draw
        self.drawers = drawers  # the three seats after the bidder, in order
        self.pos = 0  # which of them is drawing
        self.declined: int | None = None

    def clone(self) -> TalonDraws:
        c = TalonDraws(self.drawers.copy())
        c.next = self.next
        c.pos = self.pos
        c.declined = self.declined
        return c


class Ritual:
    """The deal's ritual (C-2, CZ-14): which step waits, where the pack was cut, and which
    twelve-card batch each seat chose."""

    def __init__(self) -> None:
        self.step: str | None = None  # "cut_or_knock", "dealer_choice", "batches" or None
        self.cut_at: int | None = None
        self.batches: dict[int, int] = {}

    def clone(self) -> Ritual:
        c = Ritual()
        c.step = self.step
        c.cut_at = self.cut_at
        c.batches = dict(self.batches)
        return c


@dataclass(init=False)
class Trick:
    leader: int
    plays: list[tuple[int, Card]]
    winner: int
    talon_card: Card | None  # Varšava: the talon card turned onto this trick

    def __init__(self, leader: int, plays: list[tuple[int, Card]] | None = None,
                 winner: int = -1, talon_card: Card | None = None) -> None:
        self.leader = leader
        self.plays = plays if plays is not None else []
        self.winner = winner
        self.talon_card = talon_card
        # The id of the card led (-1 before the lead), kept as a plain int for speed.
        led: int = self.plays[0][1] if self.plays else -1
        self.led = led

    def clone(self) -> Trick:
        return Trick(self.leader, self.plays.copy(), self.winner, self.talon_card)


class Game:
    """One deal.  Create it with ``bot.engine.new_game``; see the module docstring."""

    def __new__(cls, *args: Any, **kwargs: Any) -> Game:
        # (An explicit ``__new__`` lets the compiled class be made without running
        # ``__init__``, which ``clone`` needs: search copies deals thousands of times.)
        return object.__new__(cls)

    def __init__(
        self,
        variant: Variant,
        seats: int = 4,
        dealer: int = 0,
        options: Mapping[str, object] | None = None,
        rng: RandomSource | None = None,
        deck: Sequence[int] | None = None,
        first_of_session: bool = True,
        pool: int = 0,
        stake: int = 1,
    ) -> None:
        variant.check_seats(seats)
        self.variant = variant
        self.options: dict[str, OptionValue] = variant.resolve_options(options or {})
        self.num_seats = seats
        self.dealer = dealer % seats
        self.first_of_session = first_of_session
        self.pool = pool  # the pool's amount before this hand (the Žid, a pot)
        self.stake = stake  # RO-23: the session's stake multiplier for this deal (radler: 2)
        self.rng: RandomSource = rng if rng is not None else secure_rng()
        if deck is None:
            d = list(variant.pack_ids)
            shuffle(self.rng, d)
            self.deck: tuple[int, ...] = tuple(d)
        else:
            self.deck = tuple(int(c) for c in deck)
            if sorted(self.deck) != list(variant.pack_ids):
                raise IllegalAction("That deck is not a complete pack for this variant.")
        self.sitting_out: int | None = self.dealer if variant.dealer_sits_out(seats) else None
        self.active: tuple[int, ...] = tuple(s for s in range(seats) if s != self.sitting_out)
        self.forehand: int = self.next_active(self.dealer)
        self.hands: list[int] = [0] * seats
        self.dealt: list[int] = [0] * seats  # the hands as dealt (for records)
        self.talon: list[Card] = []
        self.phase: Phase = Phase.RITUAL
        self.to_act: int | None = None
        self.history: list[tuple[int, Action]] = []
        self.log: list[Event] = []
        # auction / contract
        self.bids: list[tuple[int, Action]] = []
        self.auction = Auction()
        self.ritual = Ritual()
        self.contract: Contract | None = None
        self.bidder: int | None = None
        self.level: int = 0  # staged talon level (trojka 1-3, Four 1-3, ...)
        self.called: Card | None = None
        self.called_fourth_king = False
        self.partner: int | None = None  # the true partner; None when alone
        self.partner_public = False  # the called card's holder made himself known (KZ-6)
        self.surrendered = False
        self.thrown_in = False
        self.throw_in_by: int | None = None
        # talon
        self.talon_state: StagedTalon | TalonDraws | None = None
        self.exposed: list[Card] = []  # talon cards lying face up for all to see
        self.seen_talon: list[int] = [0] * seats  # talon cards each seat has seen
        self.talon_to: dict[int, int] = {}  # talon cards counted for a seat's side (mask)
        self.talon_to_opponents = 0  # talon cards counted for the bidder's opponents
        self.drawn: list[int] = [0] * seats  # talon cards drawn into each hand
        self.discards: list[int] = [0] * seats
        self.discard_need = 0
        self.discard_seat: int | None = None
        self.public_discards: list[tuple[int, Card]] = []  # taroky discarded face up
        self.shown: list[int] = [0] * seats  # cards laid face up from a hand, kept in it (Kozy K1)
        self.discard_counts: list[int] = [0] * seats  # NE-4: taroky discarded, by count
        self.after_discard: list[int] = []  # seats still to draw after this discard
        # announcements, declarations and doubling
        self.ann = Announcements(seats, len(self.active))
        # play
        self.tricks: list[Trick] = []
        self.trick: Trick | None = None
        self.won: list[int] = [0] * seats  # cards won in tricks
        self.tricks_won: list[int] = [0] * seats
        self.result: HandResult | None = None
        self._red_ace_high = variant.red_ace_high
        # Caches keyed by len(history) * 8 + seat: every change of state appends to the
        # history, so an answer holds until the next action.
        self._mask_key = -1
        self._mask_val = 0
        self._legal_key = -1
        self._legal_val: tuple[Action, ...] = ()
        self._sides_key = -100
        self._decl_key = -1
        self._decl_val: list[str] = []
        self._dbl_key = -1
        self._dbl_val: list[str] = []
        self._sides: dict[int, frozenset[int]] = {}
        self._on_play = variant.has_on_play
        self._on_trick = variant.has_on_trick
        # The play and discard rules in force this hand (``Variant.restrictions``).
        self._play_rules: tuple[CardRule, ...] = ()
        self._discard_rules: tuple[CardRule, ...] = ()
        self.kept: list[int] = [0] * seats  # cards each seat keeps for the last trick
        self._n_active = len(self.active)
        self._next = [self.next_active(x) for x in range(seats)]
        # RO-4: what each seat pays into the pool as this deal starts (the variant says).
        self.antes: dict[int, int] = variant.antes(self)
        self.variant.on_create(self)
        if self.options.get("ritual") and variant.has_ritual:
            self.enter(Phase.RITUAL, self.cutter)
            self.ritual.step = "cut_or_knock"
        else:
            self._deal_batches(6)

    # ---- seats -----------------------------------------------------------------

    def next_active(self, seat: int) -> int:
        s = (seat + 1) % self.num_seats
        while s == self.sitting_out:
            s = (s + 1) % self.num_seats
        return s

    def seats_from(self, seat: int) -> list[int]:
        """Active seats in play order starting with ``seat``."""
        out = [seat]
        s = self.next_active(seat)
        while s != seat:
            out.append(s)
            s = self.next_active(s)
        return out

    @property
    def order(self) -> list[int]:
        """Active seats in play order from forehand."""
        return self.seats_from(self.forehand)

    @property
    def cutter(self) -> int:
        """Who cuts or knocks (C-2): the variant says (``Variant.cutter``)."""
        return self.variant.cutter(self)

    @property
    def declarer_side(self) -> frozenset[int]:
        """The bidder and true partner (empty before the contract)."""
        if self.bidder is None:
            return frozenset()
        if self.partner is None:
            return frozenset((self.bidder,))
        return frozenset((self.bidder, self.partner))

    def side_of(self, seat: int) -> frozenset[int]:
        b = self.bidder
        p = self.partner
        key = (-1 if b is None else b) * 8 + (-1 if p is None else p)
        if key != self._sides_key:
            d = self.declarer_side
            rest = frozenset(s for s in self.active if s not in d)
            self._sides = {s: (d if s in d else rest) if d else frozenset((s,)) for s in self.active}
            self._sides_key = key
        return self._sides.get(seat) or frozenset((seat,))

    def opponents_of(self, seat: int) -> frozenset[int]:
        mine = self.side_of(seat)
        return frozenset(s for s in self.active if s not in mine)

    # ---- the deal ----------------------------------------------------------------

    def _deal_batches(self, batch: int, order: list[int] | None = None) -> None:
        """Six to the talon, then the rest in batches round the active seats."""
        deck = list(self.deck)
        if self.ritual.cut_at is not None:
            k = self.ritual.cut_at
            deck = deck[k:] + deck[:k]
        talon_size = self.variant.talon_size
        self.talon = [CARDS[c] for c in deck[:talon_size]]
        rest = deck[talon_size:]
        seats = order if order is not None else self.order
        n = len(seats)
        per = len(rest) // n
        masks = [0] * n
        for start in range(0, len(rest), batch):  # batch b goes to seat b mod n
            m = 0
            for k in range(start, start + batch):
                c: int = rest[k]
                m |= 1 << c
            j = (start // batch) % n
            mj: int = masks[j]
            masks[j] = mj | m
        for i in range(n):
            m = masks[i]
            assert m.bit_count() == per
            self.hands[seats[i]] = m
            self.dealt[seats[i]] = m
        self._after_deal()

    def _deal_twelves(self, batches: dict[int, int]) -> None:
        deck = list(self.deck)
        talon_size = self.variant.talon_size
        self.talon = [CARDS[c] for c in deck[:talon_size]]
        rest = deck[talon_size:]
        per = len(rest) // len(self.active)
        for s, b in batches.items():
            m = mask_of(rest[b * per : (b + 1) * per])
            self.hands[s] = m
            self.dealt[s] = m
        self._after_deal()

    def _deal_six_six(self) -> None:
        """CZ-14: six to the talon, six to the dealer, twelve to each other player, the
        last six to the dealer."""
        deck = list(self.deck)
        self.talon = [CARDS[c] for c in deck[:6]]
        d = self.dealer
        self.hands[d] = mask_of(deck[6:12]) | mask_of(deck[-6:])
        i = 12
        for s in self.seats_from(self.next_active(d)):
            if s == d:
                continue
            self.hands[s] = mask_of(deck[i : i + 12])
            i += 12
        for s in self.active:
            self.dealt[s] = self.hands[s]
        self._after_deal()

    def _after_deal(self) -> None:
        self.forehand = self.variant.find_forehand(self)
        self.emit("deal", self.dealer, Msg(N_("{seat} dealt."), {"seat": seat_word(self.dealer)}))
        if not self.start_pre_auction():
            self.start_auction()

    # ---- the round before the bidding (PL-2, KZ-2, KZ-3) ------------------------------

    def start_pre_auction(self) -> bool:
        """Open the rounds before the bidding (``Variant.pre_auction_rounds``): in each,
        every active seat, privately and in play order from forehand, is offered that
        round's choices before anyone bids, so nobody decides having heard a bid; a later
        round opens when the one before has gone round (KZ-2, then KZ-3).  A round is the
        phase ``THROW_IN`` while there is no contract; it is held only when some seat may
        do more in it than keep its hand, and then every seat is asked, so being asked
        tells nobody anything.  False: no round is held, the deal goes to the bidding."""
        return self.open_pre_round(0)

    def open_pre_round(self, first: int) -> bool:
        """Open the first round from ``first`` on in which some seat may do more than keep
        its hand (False: none, the bidding may start)."""
        rounds = self.variant.pre_auction_rounds
        for k in range(first, len(rounds)):
            self.enter(Phase.THROW_IN, None)
            self.auction = Auction()
            self.auction.pre_round = k
            if any(self.forbidding_rule(s, a) is None
                   for s in self.active for a in rounds[k] if a.kind is not Kind.KEEP):
                self.turn_to(self.forehand)
                return True
        return False

    def pre_auction_offers(self) -> tuple[Action, ...]:
        """What the round before the bidding in progress offers (before its rules)."""
        return self.variant.pre_auction_rounds[self.auction.pre_round]

    # ---- the triad -----------------------------------------------------------------

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The actions ``seat`` (default: the seat to act) may take now."""
        if seat is None:
            seat = self.to_act
        if seat is None or seat != self.to_act:
            return []
        if self.phase is Phase.PLAY:
            return actions_of(self.cached_play_mask(seat), PLAY_BYTES)
        return list(self._cached_legal(seat))

    def _cached_legal(self, seat: int) -> tuple[Action, ...]:
        """The legal actions of ``seat`` (to act, not in trick play), remembered: every
        change of state appends to the history, so the answer for a given history length
        and seat holds until the next action (verify asks again right after the caller)."""
        key = len(self.history) * 8 + seat
        if self._legal_key == key:
            return self._legal_val
        ph = self.phase
        if ph is Phase.DISCARD:
            out = actions_of(self.discard_mask(seat), DISCARD_BYTES)
        elif ph is Phase.ANNOUNCE:
            out = announcing.legal(self, seat)
        elif ph is Phase.RITUAL:
            out = ritual.legal(self)
        else:
            out = allowed(self, seat, self.candidates(seat))
        self._legal_key = key
        self._legal_val = tuple(out)
        return self._legal_val

    def can(self, seat: int, action: Action) -> bool:
        """Whether ``seat`` may take ``action`` now (never raises)."""
        if seat != self.to_act:
            return False
        ph = self.phase
        if ph is Phase.PLAY or ph is Phase.DISCARD:
            want = Kind.PLAY if ph is Phase.PLAY else Kind.DISCARD
            if action.kind is not want:
                return False
            cid: int = action.card
            m = self.cached_play_mask(seat) if ph is Phase.PLAY else self.discard_mask(seat)
            return bool(m >> cid & 1)
        if action.kind is Kind.CUT and ph is Phase.RITUAL:
            return ritual.can_cut(self, action)
        legal = self._cached_legal(seat)
        # Actions are interned: identity first, equality only for one built by hand.
        for a in legal:
            if a is action:
                return True
        return action in legal

    def verify(self, seat: int, action: Action) -> None:
        """Raise ``IllegalAction`` (a whole sentence) unless ``seat`` may take ``action``."""
        if self.phase is Phase.FINISHED:
            raise IllegalAction(Msg(N_("This hand is over.")))
        if seat not in self.active:
            raise IllegalAction(Msg(N_("You sit out this deal.")))
        if seat != self.to_act:
            if self.to_act is None:
                raise NotYourTurn(Msg(N_("It is not your turn.")))
            raise NotYourTurn(Msg(N_("It is not your turn: {seat} must act first."),
                                  {"seat": seat_word(self.to_act).lower()}))
        if self.can(seat, action):
            return
        raise IllegalAction(self.why_not(seat, action))

    def act(self, seat: int, action: Action) -> list[Event]:
        """Apply ``action`` for ``seat`` and return what happened."""
        start = len(self.log)
        cid: int = action.card if action.kind is Kind.PLAY else -1
        if (self.phase is Phase.PLAY and seat == self.to_act and cid >= 0
                and self.cached_play_mask(seat) >> cid & 1):
            # Fast path for the commonest action (the checks above are the whole verify).
            self.history.append(PLAY_HISTORY[seat][cid])
            self._play(seat, action.card)
            return self.log[start:]
        if action.kind is Kind.CUT:
            action = ritual.cut_place(self, action)  # (C-2: the cutter's place, or the deck's)
        self.verify(seat, action)
        self.history.append((seat, action))
        ph = self.phase
        if ph is Phase.PLAY:
            self._play(seat, action.card)
        elif ph is Phase.DISCARD:
            talon.discard(self, seat, action.card)
        elif ph is Phase.ANNOUNCE:
            announcing.say(self, seat, action)
        elif ph is Phase.RITUAL:
            ritual.apply(self, seat, action)
        elif ph is Phase.THROW_IN and self.contract is None:
            pre_auction.answer(self, seat, action)
        else:
            self._apply_variant_phase(ph, seat, action)
        return self.log[start:]

    def _apply_variant_phase(self, ph: Phase, seat: int, action: Action) -> None:
        """The one dispatch of the phases whose procedure the variant owns."""
        v = self.variant
        if ph is Phase.AUCTION:
            v.apply_bid(self, seat, action)
        elif ph is Phase.CALL:
            v.apply_call(self, seat, action)
        elif ph is Phase.TALON:
            v.apply_talon(self, seat, action)
        elif ph is Phase.SURRENDER:
            v.apply_surrender(self, seat, action)
        elif ph is Phase.THROW_IN:
            v.apply_declarer_throw_in(self, seat, action)
        else:  # (unreachable: every phase is dispatched above or in ``act``)
            raise IllegalAction(Msg(N_("This hand is over.")))

    # ---- phase changes ------------------------------------------------------------------
    # Every change of phase goes through ``enter``, and the turn within a phase through
    # ``turn_to``; the named ``start_*`` methods below set up a phase's own state first.

    def enter(self, phase: Phase, seat: int | None) -> None:
        """The hand moves to ``phase`` with ``seat`` to act (None: nobody yet)."""
        self.phase = phase
        self.to_act = seat

    def turn_to(self, seat: int) -> None:
        """The turn passes to ``seat`` within the present phase."""
        self.to_act = seat

    def start_auction(self) -> None:
        """The bidding, from forehand, with nothing bid yet."""
        self.auction = Auction()
        self.enter(Phase.AUCTION, self.forehand)

    def start_call(self) -> None:
        """The bidder calls a partner (or chooses what the variant offers instead)."""
        self.enter(Phase.CALL, self.bidder)

    def forbidding_rule(self, seat: int, action: Action) -> ActionRule | None:
        """The first of the variant's rules that forbids ``action`` to ``seat`` now."""
        for r in self.variant.rules_for_kind(action.kind):
            if r.phase is self.phase and r.applies(self) and r.forbids(self, seat, action):
                return r
        return None

    def _card_rules(self) -> tuple[CardRule, ...]:
        return self._play_rules if self.phase is Phase.PLAY else self._discard_rules

    def candidates(self, seat: int) -> list[Action]:
        """Every action of the phase before the rules forbid any (see ``restrictions``):
        in trick play and discarding, every card of the hand."""
        ph = self.phase
        if ph is Phase.PLAY or ph is Phase.DISCARD:
            table = PLAY_BYTES if ph is Phase.PLAY else DISCARD_BYTES
            return actions_of(self.hands[seat], table)
        if ph is Phase.ANNOUNCE:
            return [*self.variant.announce_candidates(self, seat), DONE]
        if ph is Phase.RITUAL:
            return ritual.legal(self)
        if ph is Phase.THROW_IN and self.contract is None:
            return list(self.pre_auction_offers())
        return self.variant.candidates(self, seat)

    def why_not(self, seat: int, action: Action, t: Say = ENGLISH) -> str:
        """A sentence saying why ``action`` is not allowed for ``seat`` now: the refusal of
        the rule that forbids it (``Variant.restrictions``)."""
        return refusals.why_not(self, seat, action, t)

    def explain(self, seat: int, t: Say = ENGLISH) -> str:
        """The "Why?" text: the rules that close some of the choices in front of ``seat``
        now, each in a sentence naming a card or bid it closes; the prompt when none do."""
        return refusals.explain(self, seat, t)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.FINISHED

    def emit(self, kind: str, seat: int | None, text: str | Msg,
             audience: frozenset[int] | None = None, cards: tuple[Card, ...] = ()) -> None:
        """Log an event: a ``Msg`` (said again in each reader's language: ``Event.say``),
        or a line of English only."""
        if isinstance(text, Msg):
            self.log.append(Event(kind, seat, None, audience, cards, text))
        else:
            self.log.append(Event(kind, seat, text, audience, cards))

    # ---- ritual (C-2, CZ-14): the procedure is ``ritual.py`` -----------------------------

    @property
    def cut_places(self) -> range:
        """Where the pack may be cut (C-2): after at least five cards from the top and
        before the last four; a cut at ``k`` moves the top ``k`` cards under the rest."""
        return range(5, len(self.deck) - 4)

    def derived_cut(self) -> int:
        """The place a computer cutter cuts at: derived from the committed deck
        (``recording.derived_cut``), so nobody steers it and anyone can check it."""
        return derived_cut([CARDS[c].short for c in self.deck], self.cut_places)

    # ---- staged talon (Czech trojka, Nebraska Four, Romanian levels) ---------------------

    def start_staged_talon(self, group: int, groups: int) -> None:
        """The bidder looks at the first group of ``group`` talon cards."""
        assert self.bidder is not None
        self.talon_state = StagedTalon(group, groups)
        self.enter(Phase.TALON, self.bidder)
        talon.show_group(self, 0)

    @property
    def staged(self) -> StagedTalon:
        """The staged talon in view (only while there is one)."""
        st = self.talon_state
        assert isinstance(st, StagedTalon)
        return st

    def talon_group(self, g: int) -> list[Card]:
        size = self.staged.group
        return self.talon[g * size : (g + 1) * size]

    def staged_reject(self, expose: bool = True, next_group: int | None = None) -> None:
        """Put the group in view aside (face up unless ``expose`` is false) and look at the next
        (RO-9: ``next_group`` in a cyclic order; -1: none, every group has been seen)."""
        talon.reject(self, expose, next_group)

    def staged_take(self, g: int, level: int, expose_others: bool = False) -> None:
        """The bidder adds group ``g`` to the hand; the rest goes to the opponents."""
        talon.take(self, g, level, expose_others)

    def staged_reject_and_take(self, reject: int, take: int, level: int) -> None:
        """Show the group in view face up and take an earlier group back instead."""
        talon.reject_and_take(self, reject, take, level)

    # ---- discarding -------------------------------------------------------------------

    def start_discard(self, seat: int, count: int) -> None:
        self._discard_rules = self.variant.rules_in_force(self, Phase.DISCARD)
        self.discard_seat = seat
        self.discard_need = count
        self.enter(Phase.DISCARD, seat)

    def discard_mask(self, seat: int) -> int:
        """Cards ``seat`` may discard now (one at a time): the hand narrowed by each
        discard rule in force (``Variant.restrictions``)."""
        if seat != self.discard_seat or self.discard_need <= 0:
            return 0
        m = self.hands[seat]
        for r in self._discard_rules:
            m = r.narrow(self, seat, m)
        return m

    # ---- announcements (CZ-6 and relatives) -------------------------------------------

    def start_announcements(self) -> None:
        """Each active player, from the bidder on, has a first turn for everything; then
        the round goes on for doubles only until every active player passes in a row."""
        announcing.open_round(self)

    def first_turn(self, seat: int) -> bool:
        return not self.ann.spoke_first[seat]

    def true_declarations(self, seat: int) -> list[str]:
        """The combinations ``seat`` holds now (``Variant.declarations_true``), remembered
        until the next action (the declaration rule asks once per candidate)."""
        key = len(self.history) * 8 + seat
        if self._decl_key != key:
            self._decl_val = self.variant.declarations_true(self, seat)
            self._decl_key = key
        return self._decl_val

    def double_targets(self, seat: int) -> list[str]:
        """What ``seat`` may double now (remembered until the next action)."""
        key = len(self.history) * 8 + seat
        if self._dbl_key != key:
            self._dbl_val = announcing.open_doubles(self, seat)
            self._dbl_key = key
        return self._dbl_val

    def cost_of(self, seat: int, action: Action) -> int | None:
        """What ``seat`` pays if the announcement or double ``action`` goes against its
        side (the promise missed, the doubled bonus or game lost), as the settlement would
        charge it: the variant's ``stake_of`` at the level the action leaves, shared over
        the sides as every payment is.  None for other actions or where the variant has no
        such amount."""
        return announcing.stake_against(self, seat, action)

    def game_cost(self, seat: int) -> int | None:
        """The most the game itself, at its doubling now, can cost ``seat``."""
        return announcing.side_stake(self, seat, "game", self.ann.game_level)

    def knows_own_side(self, seat: int) -> bool:
        """Whether ``seat`` knows which side it is on.  Everyone does (a player holds the
        called card or not) except the bidder before the partner shows himself: until then
        the called card may be with any player or in the talon."""
        return announcing.own_side_known(self, seat)

    def side_is_public(self, seat: int) -> bool:
        """Whether everyone knows which side ``seat`` is on."""
        return announcing.side_public(self, seat)

    @property
    def partner_revealed(self) -> bool:
        c = self.called
        if c is None or self.partner_public:
            return True
        for t in self.tricks:
            if any(pc == c for _, pc in t.plays):
                return True
        if self.trick and any(pc == c for _, pc in self.trick.plays):
            return True
        return any(pc == c for _, pc in self.public_discards)

    def finish_announcements(self) -> None:
        self.to_act = None
        # A round can end inside an action that is not in the history (a doubling turn that
        # ends by itself), and the next phase (Kozy's talon or second round) may start at
        # the same history length: the answers remembered for this round no longer hold.
        self._legal_key = self._dbl_key = self._decl_key = -1
        self.variant.after_announcements(self)

    # ---- trick play -------------------------------------------------------------------

    def start_play(self, leader: int) -> None:
        v = self.variant
        self.kept = [v.kept_cards(self, s) if s in self.active else 0
                     for s in range(self.num_seats)]
        self._play_rules = v.rules_in_force(self, Phase.PLAY)
        self.trick = Trick(leader)
        self.enter(Phase.PLAY, leader)

    def cached_play_mask(self, seat: int) -> int:
        """``legal_play_mask`` remembered until the next action (asked twice per play)."""
        key = len(self.history) * 8 + seat
        if self._mask_key == key:
            return self._mask_val
        m = self.legal_play_mask(seat)
        self._mask_key = key
        self._mask_val = m
        return m

    def legal_play_mask(self, seat: int) -> int:
        """Cards ``seat`` may play: the hand narrowed by each play rule in force this hand,
        in the variant's order (follow suit, else tarok; Varšava's overtaking; kept
        announced cards; see ``Variant.restrictions``)."""
        m = self.hands[seat]
        for r in self._play_rules:
            m = r.narrow(self, seat, m)
        return m

    def beats(self, a: int, b: int, led: int) -> bool:
        """Whether card ``a`` beats card ``b`` (the variant says: ``Variant.beats``)."""
        return self.variant.beats(a, b)

    def trick_winner(self, plays: Sequence[tuple[int, Card]]) -> int:
        """Seat that wins a trick (the variant says: ``Variant.trick_winner``)."""
        return self.variant.trick_winner(plays)

    def _play(self, seat: int, c: Card) -> None:
        t = self.trick
        assert t is not None
        ci: int = c  # (Card is an int subclass; an int-typed name keeps compiled arithmetic native)
        h: int = self.hands[seat]
        self.hands[seat] = h & ~(1 << ci)
        plays = t.plays
        if not plays:
            t.led = ci
        plays.append(SEAT_CARD[seat][ci])
        self.log.append(PLAY_EVENTS[seat][ci])
        if self._on_play:
            self.variant.on_play(self, seat, c)
        if len(plays) < self._n_active:
            self.to_act = self._next[seat]
            return
        w = self.trick_winner(plays)
        t.winner = w
        m = 0
        for _, pc in plays:
            pci: int = pc
            m |= 1 << pci
        self.won[w] |= m
        self.tricks_won[w] += 1
        self.tricks.append(t)
        if self._on_trick:
            self.variant.on_trick(self, t)
        self.log.append(TRICK_EVENTS[w])
        if self.hands[w] == 0:
            self.trick = None
            self.to_act = None
            self.variant.on_last_trick(self)
            self.finish()
        else:
            self.trick = Trick(w, [])
            self.to_act = w

    # ---- the end ----------------------------------------------------------------------

    def finish(self) -> None:
        self.enter(Phase.FINISHED, None)
        self.trick = None
        self.result = self.variant.score(self)
        r = self.result
        self.emit("result", None, r.summary_msg if r.summary_msg is not None else r.summary)

    def finish_thrown_in(self, text: str | Msg) -> None:
        self.thrown_in = True
        self.enter(Phase.FINISHED, None)
        self.result = self.variant.score(self)
        self.emit("result", None, text)

    def side_mask(self, side: frozenset[int]) -> int:
        """The cards counted for a side: tricks, discards and talon shares."""
        m = 0
        for s in side:
            m |= self.won[s] | self.discards[s] | self.talon_to.get(s, 0)
        if self.bidder is not None and self.bidder not in side:
            m |= self.talon_to_opponents
        return m

    def side_points(self, side: frozenset[int]) -> int:
        """Card points counted in threes for a side: tricks, discards and talon shares."""
        return count_mask_points(self.side_mask(side))

    def last_trick(self) -> Trick | None:
        return self.tricks[-1] if self.tricks else None

    def holder_of(self, c: int) -> int | None:
        """The seat holding (or having discarded) card ``c``; None if it is in the talon."""
        for s in self.active:
            if (self.hands[s] | self.discards[s]) >> c & 1:
                return s
        for t in self.tricks:
            for s, pc in t.plays:
                if pc == c:
                    return s
        if self.trick:
            for s, pc in self.trick.plays:
                if pc == c:
                    return s
        return None

    # ---- views ------------------------------------------------------------------------

    def view_for(self, seat: int | None) -> PlayerView:
        """Exactly what ``seat`` may see (``None``: a spectator / the public table)."""
        return make_view(self, seat)

    def public_view(self) -> PlayerView:
        return make_view(self, None)

    def prompt(self, seat: int, t: Say = ENGLISH) -> str:
        return self.variant.prompt(self, seat, t)

    # ---- records ------------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        from .recording import game_to_record

        return game_to_record(self)

    # ---- search (computer players) --------------------------------------------------------

    # How ``clone`` copies each attribute of a deal.  ``tests/engine/test_clone.py`` fails
    # when an attribute of ``Game`` is in none of these or in two, so a new field cannot be
    # forgotten by the search's copies.
    #: Values never changed in place once set (numbers, tuples, frozen records, the
    #: variant, the options, the random source, caches replaced whole): shared.
    SHARED_FIELDS: Final = (
        "variant", "options", "num_seats", "dealer", "first_of_session", "pool", "stake",
        "rng", "deck", "sitting_out", "active", "forehand", "phase", "to_act", "contract",
        "bidder", "level", "called", "called_fourth_king", "partner", "partner_public",
        "surrendered", "thrown_in", "throw_in_by", "talon_to_opponents", "discard_need",
        "discard_seat", "result", "_red_ace_high", "_mask_key", "_mask_val", "_legal_key",
        "_legal_val", "_sides_key", "_decl_key", "_dbl_key", "_sides", "_on_play",
        "_on_trick", "_play_rules", "_discard_rules", "_n_active", "_next",
    )
    #: Lists, dicts and sets of unchanging items: a shallow copy (finished tricks are
    #: never changed again, so ``tricks`` is one too).
    COPIED_FIELDS: Final = (
        "hands", "dealt", "talon", "history", "log", "bids", "exposed", "seen_talon",
        "talon_to", "drawn", "discards", "public_discards", "shown", "discard_counts",
        "after_discard", "tricks", "won", "tricks_won", "kept", "antes", "_decl_val",
        "_dbl_val",
    )
    #: Sub-states (``Auction``, ``Announcements``, the trick in play, ...): their ``clone``.
    STATE_FIELDS: Final = ("auction", "ritual", "talon_state", "ann", "trick")

    def clone(self) -> Game:
        """An independent copy of this deal in its present state, for search: the two can
        be played on separately.  Every attribute is copied as its declaration above says
        (``SHARED_FIELDS``, ``COPIED_FIELDS``, ``STATE_FIELDS``), written out one by one
        because the compiled engine copies named attributes several times faster than by
        ``getattr``; ``tests/engine/test_clone.py`` checks that these lines assign exactly
        the declared fields, the right way each."""
        g = Game.__new__(Game)
        g.variant = self.variant
        g.options = self.options
        g.num_seats = self.num_seats
        g.dealer = self.dealer
        g.first_of_session = self.first_of_session
        g.pool = self.pool
        g.stake = self.stake
        g.rng = self.rng
        g.deck = self.deck
        g.sitting_out = self.sitting_out
        g.active = self.active
        g.forehand = self.forehand
        g.phase = self.phase
        g.to_act = self.to_act
        g.contract = self.contract
        g.bidder = self.bidder
        g.level = self.level
        g.called = self.called
        g.called_fourth_king = self.called_fourth_king
        g.partner = self.partner
        g.partner_public = self.partner_public
        g.surrendered = self.surrendered
        g.thrown_in = self.thrown_in
        g.throw_in_by = self.throw_in_by
        g.talon_to_opponents = self.talon_to_opponents
        g.discard_need = self.discard_need
        g.discard_seat = self.discard_seat
        g.result = self.result
        g._red_ace_high = self._red_ace_high
        g._mask_key = self._mask_key
        g._mask_val = self._mask_val
        g._legal_key = self._legal_key
        g._legal_val = self._legal_val
        g._sides_key = self._sides_key
        g._decl_key = self._decl_key
        g._dbl_key = self._dbl_key
        g._sides = self._sides
        g._on_play = self._on_play
        g._on_trick = self._on_trick
        g._play_rules = self._play_rules
        g._discard_rules = self._discard_rules
        g._n_active = self._n_active
        g._next = self._next
        g.hands = self.hands.copy()
        g.dealt = self.dealt.copy()
        g.talon = self.talon.copy()
        g.history = self.history.copy()
        g.log = self.log.copy()
        g.bids = self.bids.copy()
        g.exposed = self.exposed.copy()
        g.seen_talon = self.seen_talon.copy()
        g.talon_to = self.talon_to.copy()
        g.drawn = self.drawn.copy()
        g.discards = self.discards.copy()
        g.public_discards = self.public_discards.copy()
        g.shown = self.shown.copy()
        g.discard_counts = self.discard_counts.copy()
        g.after_discard = self.after_discard.copy()
        g.tricks = self.tricks.copy()
        g.won = self.won.copy()
        g.tricks_won = self.tricks_won.copy()
        g.kept = self.kept.copy()
        g.antes = self.antes.copy()
        g._decl_val = self._decl_val.copy()
        g._dbl_val = self._dbl_val.copy()
        g.auction = self.auction.clone()
        g.ritual = self.ritual.clone()
        g.talon_state = None if self.talon_state is None else self.talon_state.clone()
        g.ann = self.ann.clone()
        g.trick = None if self.trick is None else self.trick.clone()
        return g

    def forget_caches(self) -> None:
        """Drop the answers remembered for the present state (after a search has changed
        hands directly, see ``bot.engine.worlds``)."""
        self._mask_key = -1
        self._legal_key = -1
        self._decl_key = -1
        self._dbl_key = -1
        self._sides_key = -100

    def play_lean(self, seat: int, card: int) -> None:
        """Trick play for search playouts: ``seat`` (to act) plays ``card``, which must be
        one of ``legal_play_mask(seat)`` (not checked), through the same ``_play`` as
        ``act``, without building the returned event list."""
        self.history.append(PLAY_HISTORY[seat][card])
        self._play(seat, CARDS[card])


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What one seat (or the public, ``seat`` None) may see.  Nothing here is secret
    from that seat; everything secret from it is absent."""

    seat: int | None
    variant: str
    phase: str
    num_seats: int
    dealer: int
    forehand: int
    sitting_out: int | None
    to_act: int | None
    hand: tuple[Card, ...]
    legal: tuple[Action, ...]
    prompt: str
    bids: tuple[tuple[int, str], ...]
    contract: str | None
    bidder: int | None
    level: int
    called: str | None
    my_partner: int | None  # known to me (I hold the called card, or it was revealed)
    talon_seen: tuple[Card, ...]  # talon cards this seat has seen (and may remember)
    exposed: tuple[Card, ...]  # talon cards lying face up
    public_discards: tuple[tuple[int, Card], ...]
    my_discards: tuple[Card, ...]
    announcements: tuple[tuple[int, str], ...]
    doubles: tuple[tuple[str, int], ...]
    trick: tuple[tuple[int, Card], ...]
    trick_leader: int | None
    last_trick: tuple[tuple[int, Card], ...]
    last_winner: int | None
    last_trick_talon: Card | None  # Varšava: the talon card turned face up onto it (CZ-13)
    tricks_won: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    finished: bool
    result: HandResult | None
    revealed: dict[int, tuple[Card, ...]] | None  # at the end: every hand as dealt
    revealed_talon: tuple[Card, ...] | None
    #: Cards laid face up from a hand and still held there (Kozy's four kings, K1): public.
    shown: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    # The public history, for computer players that search (every seat sees all of it):
    past_tricks: tuple[tuple[tuple[int, Card], ...], ...] = ()  # every finished trick
    past_winners: tuple[int, ...] = ()  # who won each of them
    discarded: tuple[int, ...] = ()  # how many cards each seat has laid away
    tarok_discards: tuple[int, ...] = ()  # NE-4: taroky laid away face down, by number
    drawn_counts: tuple[int, ...] = ()  # how many talon cards each seat took into its hand
    called_card: Card | None = None
    contract_name: str | None = None
    announced_by: tuple[tuple[str, int], ...] = ()  # each bonus announced and who said it
    declared: tuple[tuple[int, str], ...] = ()  # each declaration and who said it


def _called_card_known(g: Game, seat: int | None) -> Card | None:
    """The called card, where ``seat`` (None: everyone) knows which card it is: when the
    call named it, or to its holder.  A call of "the fourth
    king" (NE-3) does not name it to the others until the hand is over."""
    c = g.called
    if c is None:
        return None
    if g.variant.called_title(g) == c.short:
        return c
    if seat is not None and g.hands[seat] >> c & 1:
        return c
    return None


def make_view(g: Game, seat: int | None) -> PlayerView:
    mine = seat is not None and 0 <= seat < g.num_seats
    hand = tuple(cards_of(g.hands[seat])) if mine and seat is not None else ()
    legal = tuple(g.legal_actions(seat)) if mine and seat == g.to_act else ()
    my_partner: int | None = None
    if (mine and seat is not None and g.bidder is not None and g.contract and not g.contract.alone
            and (g.partner_revealed or (g.called is not None and seat != g.bidder
                                        and (g.hands[seat] | g.discards[seat]) >> g.called & 1))):
        my_partner = g.partner if seat == g.bidder else (g.bidder if seat == g.partner else None)
    seen = tuple(cards_of(g.seen_talon[seat])) if mine and seat is not None else ()
    t = g.trick
    lt = g.last_trick()
    fin = g.phase is Phase.FINISHED
    return PlayerView(
        seat=seat,
        variant=g.variant.name,
        phase=g.phase.value,
        num_seats=g.num_seats,
        dealer=g.dealer,
        forehand=g.forehand,
        sitting_out=g.sitting_out,
        to_act=g.to_act,
        hand=hand,
        legal=legal,
        prompt=g.prompt(seat) if mine and seat is not None else g.variant.public_prompt(g),
        bids=tuple((s, a.label) for s, a in g.bids),
        contract=g.variant.contract_title(g),
        bidder=g.bidder,
        level=g.level,
        called=g.variant.called_title(g),
        my_partner=my_partner,
        talon_seen=seen,
        exposed=tuple(g.exposed),
        public_discards=tuple(g.public_discards),
        my_discards=tuple(cards_of(g.discards[seat])) if mine and seat is not None else (),
        announcements=tuple(g.ann.log),
        doubles=tuple((n, a.level) for n, a in g.ann.announced.items() if a.level),
        trick=tuple(t.plays) if t else (),
        trick_leader=t.leader if t else None,
        last_trick=tuple(lt.plays) if lt else (),
        last_winner=lt.winner if lt else None,
        last_trick_talon=lt.talon_card if lt else None,
        tricks_won=tuple(g.tricks_won),
        hand_sizes=tuple(h.bit_count() for h in g.hands),
        finished=fin,
        result=g.result if fin else None,
        revealed={s: tuple(cards_of(g.dealt[s])) for s in g.active} if fin else None,
        revealed_talon=tuple(g.talon) if fin else None,
        shown=tuple((s, tuple(cards_of(g.hands[s] & g.shown[s]))) for s in g.active
                    if g.hands[s] & g.shown[s]),
        past_tricks=tuple(tuple(tr.plays) for tr in g.tricks),
        past_winners=tuple(tr.winner for tr in g.tricks),
        discarded=tuple(m.bit_count() for m in g.discards),
        tarok_discards=tuple(g.discard_counts),
        drawn_counts=tuple(m.bit_count() for m in g.drawn),
        called_card=_called_card_known(g, seat if mine else None),
        contract_name=g.contract.name if g.contract is not None else None,
        announced_by=tuple((n, a.seat) for n, a in g.ann.announced.items()),
        declared=tuple((s, d) for s in range(g.num_seats) for d in g.ann.declared[s]),
    )


# Frequently used masks, re-exported for variants.
__all__ = [
    "CARD_POINTS", "FIVE_POINT_MASK", "KING_MASK", "MOND", "PAGAT", "SKYZ",
    "Announced", "Contract", "Event", "Game", "Phase", "PlayerView", "Trick",
]
