"""The variant base class: the axes on which the rule systems differ, as class
constants, and the hooks ``Game`` calls.  Shared rules live here once, switched by flags;
a variant module overrides only what its text says differently.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final

from ..actions import Action, Kind, action_label, title
from ..cards import (
    CARDS,
    CZECH_WORDS,
    MOND,
    PAGAT,
    SKYZ,
    Card,
    CardWords,
    say_card,
    strength_table,
)
from ..errors import BadInput
from ..masks import KING_MASK, NUM_TAROKY, TAROK_MASK
from ..restrictions import ActionRule, CardRule, Restriction, ValueRule
from ..say import ENGLISH, N_, Msg, Say, Sayable, Term, seat_word
from ..scoring import (
    DECLARER_LABELS,
    OPPONENT_LABELS,
    POOL,
    SIDE_DECLARERS,
    SIDE_OPPONENTS,
    SIDE_PLAYER,
    SIDE_POOL,
    HandResult,
    PaymentLine,
    Pile,
    transfers_from_net,
)

if TYPE_CHECKING:
    from ..game import Contract, Game, Phase, Trick
    from ..session import Session


#: The value of a house-rule option: on/off, a whole number, or one of its named choices.
OptionValue = bool | int | str

#: More digits than any option's bound has: such a number is refused before Python reads
#: it (Python's own limit is 4,300 digits).
MAX_OPTION_DIGITS = 12


def option_value(key: str, text: str) -> OptionValue:
    """What a player typed as the value of option ``key``: on/off words as a bool, a
    whole number as an int, anything else as the name of a choice (the variant's
    ``resolve_options`` then checks it against the option)."""
    low = text.strip().lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    digits = low[1:] if low.startswith("-") else low
    if digits.isascii() and digits.isdigit():
        if len(digits) > MAX_OPTION_DIGITS:
            raise BadInput(Msg(N_("'{key}' is far too large a number ({n} digit)."), {"key": _clip(key)},
                               plural=N_("'{key}' is far too large a number ({n} digits)."), n=len(digits)))
        return int(low)
    return text.strip()


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A house-rule option of a variant (CLARIFICATIONS marks them **option**)."""

    key: str
    title: str
    default: bool | int | str
    choices: tuple[OptionValue, ...] | None = None
    help: str = ""
    ref: str = ""  # the clarification id, e.g. "CZ-10"
    #: Bounds of a whole-number option (inclusive); None: ``INT_OPTION_MIN`` / ``_MAX``.
    min: int | None = None
    max: int | None = None

    @property
    def bounds(self) -> tuple[int, int] | None:
        """(lowest, highest) a whole-number option accepts; None for other options and for
        one with a list of choices (the choices are its bounds)."""
        if (isinstance(self.default, bool) or not isinstance(self.default, int)
                or self.choices is not None):
            return None
        low = INT_OPTION_MIN if self.min is None else self.min
        high = INT_OPTION_MAX if self.max is None else self.max
        return low, high

    @property
    def bounds_text(self) -> str:
        """The bounds as words for players ("a whole number from 0 to 10,000")."""
        b = self.bounds
        return "" if b is None else f"a whole number from {b[0]:,} to {b[1]:,}"


#: The range of a whole-number option that names no bounds of its own: nothing negative
#: (a negative rate or seed would turn who pays around) and nothing that could carry an
#: amount past what the store keeps (issue #15).
INT_OPTION_MIN: Final = 0
INT_OPTION_MAX: Final = 10_000


def _clip(text: str, limit: int = 40) -> str:
    """Echo at most ``limit`` characters of what a player typed (a reply has a limit)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


class Variant:
    """A rule system.  Subclasses set the class constants and override hooks."""

    name: ClassVar[str] = "base"
    title: ClassVar[str] = "Base"
    aliases: ClassVar[tuple[str, ...]] = ()
    seat_counts: ClassVar[tuple[int, ...]] = (4, 5)
    clockwise: ClassVar[bool] = False  # C-1: only a matter of drawing
    red_ace_high: ClassVar[bool] = True  # Czech: red pips 1 > 2 > 3 > 4
    #: How the rule text names cards for players (``A♦`` or ``1♦``, the škýz's name, ...).
    card_words: ClassVar[CardWords] = CZECH_WORDS
    pack: ClassVar[tuple[Card, ...]] = CARDS
    talon_size: ClassVar[int] = 6
    currency: ClassVar[str] = "czk_hal"
    has_ritual: ClassVar[bool] = True  # C-2: cut / knock offered, never mandatory
    tarok_discards_face_up: ClassVar[bool] = True  # else only their number is told
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    #: House rules a table in teach mode plays by unless its host chose otherwise, so that a
    #: newcomer sees every hand played (e.g. a quiet povinnost played out, not settled).
    teach_options: ClassVar[dict[str, bool | int | str]] = {}
    contracts: ClassVar[dict[str, Contract]] = {}
    max_double: ClassVar[int] = 3  # flek, reflek, super
    double_words: ClassVar[tuple[str, ...]] = ("", "Flek", "Reflek", "Super")
    #: term -> (meaning, example), in the variant's own words: every term a prompt or a
    #: button uses has one (``bot.engine.rulebook`` turns them into rules pages).
    glossary: ClassVar[dict[str, tuple[str, str]]] = {}
    first_batch_fixes_order: ClassVar[bool] = False  # Nebraska: packet 1 first -> 2, 3, 4
    session_start: ClassVar[int] = 0  # NE-9: each player's stake at a session's start
    #: The legality rules, each written once (``bot.engine.restrictions``), in the order
    #: the engine applies them.
    restrictions: ClassVar[tuple[Restriction, ...]] = ()
    # ---- facts for the rules pages (``bot.engine.rulebook``) that no hook states as data.
    # Each must agree with the hooks below; tests/engine/test_rulebook.py checks the
    # checkable ones against played hands.
    #: Who leads to the first trick, by contract name ("*": every other contract):
    #: "forehand" or "bidder".
    first_lead: ClassVar[dict[str, str]] = {"*": "forehand"}
    #: How each part of a hand goes, as player sentences, by rules-page topic ("deal",
    #: "auction", "call", "talon", "discard", "announcements", "play").  What a player may
    #: *not* do is not written here: that is ``restrictions``.
    how_it_goes: ClassVar[dict[str, tuple[str, ...]]] = {}
    #: How the cards are counted and who wins the game.
    counting_rules: ClassVar[tuple[str, ...]] = ()
    #: How the game is paid, by contract name (amounts as numbers, in the currency).
    game_payments: ClassVar[dict[str, str]] = {}
    #: Everything else that is paid: bonuses, declarations, doubling, surrender.
    scoring_rules: ClassVar[tuple[str, ...]] = ()
    #: What taking every trick (valát) does to the score.
    valat_rule: ClassVar[str] = ""
    #: The pool or pot, if the variant has one ("" if not).
    pool_rule: ClassVar[str] = ""

    def __init__(self) -> None:
        cls = type(self)
        # Which hooks this variant really has (Game skips calling the empty ones).
        self.has_on_play = cls.on_play is not Variant.on_play
        self.has_on_trick = cls.on_trick is not Variant.on_trick
        self.has_trick_exception = cls.trick_exception is not Variant.trick_exception
        self.has_may_double = cls.may_double is not Variant.may_double
        self.strength = strength_table(self.red_ace_high)
        self.pack_ids: tuple[int, ...] = tuple(sorted(int(c) for c in self.pack))
        # rank_tables[k][card]: how high ``card`` ranks in a trick led with tarok k (< 22) or
        # with suit k - 22; -1 for a card that cannot win it.  Taroky beat every suit card.
        tables: list[tuple[int, ...]] = []
        for led in range(NUM_TAROKY + 4):
            row = []
            for c in range(54):
                if c < NUM_TAROKY:
                    row.append(100 + c)
                elif led >= NUM_TAROKY and (c - NUM_TAROKY) >> 3 == led - NUM_TAROKY:
                    row.append(self.strength[c])
                else:
                    row.append(-1)
            tables.append(tuple(row))
        self.rank_tables: tuple[tuple[int, ...], ...] = tuple(tables)
        # The action rules of each kind they concern, in the variant's order (found by
        # identity: an enum member's hash is Python code, slow in the compiled engine).
        kinds: list[Kind] = []
        by_kind: list[list[ActionRule]] = []
        for r in self.restrictions:
            if isinstance(r, ActionRule):
                for k in r.kinds:
                    if k not in kinds:
                        kinds.append(k)
                        by_kind.append([])
                    by_kind[kinds.index(k)].append(r)
        self._kind_rules: tuple[tuple[Kind, tuple[ActionRule, ...]], ...] = tuple(
            (k, tuple(rules)) for k, rules in zip(kinds, by_kind, strict=True))
        # The same, split: the rules that open a list of values (asked once per kind) and
        # the rest (asked per action); the announcement round asks most often, so its kinds
        # are scanned first.
        often = (Kind.DOUBLE, Kind.DECLARE, Kind.ANNOUNCE)
        order = sorted(self._kind_rules, key=lambda kr: -often.index(kr[0]) if kr[0] in often else 1)
        self._kind_split: tuple[tuple[Kind, tuple[ValueRule, ...], tuple[ActionRule, ...]], ...] = tuple(
            (k, tuple(r for r in rules if isinstance(r, ValueRule)),
             tuple(r for r in rules if not isinstance(r, ValueRule)))
            for k, rules in order)

    # ---- the rules (``restrictions``) --------------------------------------------------

    def rules_for_kind(self, kind: Kind) -> tuple[ActionRule, ...]:
        """The action rules that can forbid an action of ``kind``, in order."""
        for k, rules in self._kind_rules:  # (a scan by identity: cheaper than hashing)
            if k is kind:
                return rules
        return ()

    def split_rules_for_kind(
            self, kind: Kind) -> tuple[tuple[ValueRule, ...], tuple[ActionRule, ...]]:
        """``rules_for_kind`` split into the rules that open a list of values and the rest."""
        for k, values, rest in self._kind_split:
            if k is kind:
                return values, rest
        return (), ()

    def rules_in_force(self, g: Game, phase: Phase) -> tuple[CardRule, ...]:
        """The card rules of ``phase`` that apply to this hand, in order."""
        return tuple(r for r in self.restrictions
                     if isinstance(r, CardRule) and r.phase is phase and r.applies(g))

    def rules_of(self, phase: Phase) -> tuple[Restriction, ...]:
        """Every rule of ``phase`` (for rules pages and explanations)."""
        return tuple(r for r in self.restrictions if r.phase is phase)

    # ---- set-up ------------------------------------------------------------------

    def check_seats(self, seats: int) -> None:
        if seats not in self.seat_counts:
            allowed = " or ".join(str(n) for n in self.seat_counts)
            raise BadInput(f"{self.title} is played by {allowed} players, not {seats}.")

    def dealer_sits_out(self, seats: int) -> bool:
        """C-5: with five, the dealer sits out the deal."""
        return seats == 5

    def resolve_options(self, given: Mapping[str, object]) -> dict[str, OptionValue]:
        """Every option of the variant, ``given`` over the defaults, each checked against its
        spec; :class:`BadInput` names the first that is wrong.  ``given`` may come from a
        stored table or a command line, so its values are checked, not trusted."""
        if not given:
            return {o.key: o.default for o in self.option_specs}
        specs = {o.key: o for o in self.option_specs}
        out: dict[str, OptionValue] = {o.key: o.default for o in self.option_specs}
        # (the refusals are messages, said in the reader's language: issue #14; an option's
        # title is a rules-page message, the variant's title has the context "variant")
        for k, v in given.items():
            if k not in specs:
                if not specs:
                    raise BadInput(Msg(N_("{variant} has no house rules; '{key}' is not one."),
                                       {"variant": Msg(self.title, context="variant"), "key": _clip(k)}))
                raise BadInput(Msg(N_("{variant} has no option '{key}' (options: {options})."),
                                   {"variant": Msg(self.title, context="variant"), "key": _clip(k),
                                    "options": ", ".join(sorted(specs))}))
            spec = specs[k]
            title, value = Msg(spec.title), _clip(repr(v))
            if not isinstance(v, (bool, int, str)):
                raise BadInput(Msg(N_("Option '{key}' ({title}) cannot be {value}."),
                                   {"key": k, "title": title, "value": value}))
            if isinstance(spec.default, bool):
                if not isinstance(v, bool):
                    raise BadInput(Msg(N_("Option '{key}' ({title}) is on or off (true/false), not {value}."),
                                       {"key": k, "title": title, "value": value}))
            elif isinstance(spec.default, int) and (isinstance(v, bool) or not isinstance(v, int)):
                raise BadInput(Msg(N_("Option '{key}' ({title}) takes a whole number, not {value}."),
                                   {"key": k, "title": title, "value": value}))
            elif isinstance(spec.default, str) and not isinstance(v, str):
                raise BadInput(Msg(N_("Option '{key}' ({title}) is one of its named choices, not {value}."),
                                   {"key": k, "title": title, "value": value}))
            bounds = spec.bounds
            if bounds is not None and isinstance(v, int) and not bounds[0] <= v <= bounds[1]:
                # (a plural on the highest bound: {n} is written as the reader's language writes numbers)
                raise BadInput(Msg(N_("Option '{key}' ({title}) is a whole number from {low} to {n}, not {value}."),
                                   {"key": k, "title": title, "low": bounds[0], "value": _clip(str(v))},
                                   plural=N_("Option '{key}' ({title}) is a whole number from {low} to {n}, "
                                             "not {value}."), n=bounds[1]))
            if spec.choices is not None and v not in spec.choices:
                choices = ", ".join(str(c) for c in spec.choices)
                raise BadInput(Msg(N_("Option '{key}' ({title}) must be one of {choices}, not {value}."),
                                   {"key": k, "title": title, "choices": choices, "value": value}))
            out[k] = v
        return out

    def on_create(self, g: Game) -> None:
        """Hook: set variant state before the deal."""

    def antes(self, g: Game) -> dict[int, int]:
        """What each seat pays into the pool as the deal ``g`` starts (RO-4); none by
        default.  The variant's ``score`` books them (``g.antes``)."""
        return {}

    def talon_levels(self, c: Contract) -> tuple[int, ...]:
        """The levels a staged talon of contract ``c`` can be taken at (the first group, the
        second, back to the first); none without a staged talon.  RO-9 has more."""
        return (1, 2, 3) if c.talon == "staged" else ()

    def radler_next(self, g: Game, left: int) -> int:
        """The deals still to play at raised stakes after the finished deal ``g``, when
        ``left`` were pending before it (RO-23 radler); ``Session`` keeps the count."""
        return left

    #: The stake multiplier of a deal played while a radler is pending (RO-23).
    radler_stake: ClassVar[int] = 2
    #: Whether doubling makes the doubler's side public (RO-15: "contra ... who is revealed").
    doubles_reveal_side: ClassVar[bool] = False

    def cutter(self, g: Game) -> int:
        """Who cuts or knocks (C-2): the seat opposite the dealer (two after it); with five
        players, the last active seat before the dealer."""
        if g.sitting_out is not None:
            return g.seats_from(g.forehand)[-1]
        return (g.dealer + 2) % g.num_seats

    def next_dealer(self, g: Game) -> int:
        """Who deals the next hand after the finished (or thrown-in) hand ``g``: the next
        seat in play order (C-1).  NE-1 and HE-6 override this."""
        return (g.dealer + 1) % g.num_seats

    def find_forehand(self, g: Game) -> int:
        """The seat after the dealer (NE-1 overrides this on a session's first deal)."""
        return g.next_active(g.dealer)

    # ---- the round before the bidding (PL-2, KZ-2, KZ-3) ---------------------------

    #: The rounds before anyone bids (``Game.start_pre_auction`` runs them, in this
    #: order): in each, every seat is offered the round's choices privately, in play order
    #: from forehand, keeping the hand (``Kind.KEEP``) last.  Empty: no such round.
    pre_auction_rounds: ClassVar[tuple[tuple[Action, ...], ...]] = ()

    def apply_pre_auction(self, g: Game, seat: int, a: Action) -> None:
        """A choice in the round before the bidding other than keeping the hand.  The
        default is the throw-in: the deal ends with nothing paid."""
        g.throw_in_by = seat
        g.emit("throw_in", seat, Msg(N_("{seat} throws the hand in."), {"seat": seat_word(seat)}))
        g.finish_thrown_in(Msg(N_("{seat} threw the hand in: nothing is paid."),
                               {"seat": seat_word(seat)}))

    # ---- bidding and contract (overridden) ---------------------------------------

    def candidates(self, g: Game, seat: int) -> list[Action]:
        """Every action of the variant-driven phases (auction, call, talon, surrender) that
        the state offers before the rules (``restrictions``) forbid any."""
        raise NotImplementedError

    # The phases whose procedure the variant owns; ``Game`` dispatches an action to the
    # one for its phase.  A variant defines those its hands reach.

    def apply_bid(self, g: Game, seat: int, a: Action) -> None:
        """A bid, pass or hold in the auction (``Phase.AUCTION``)."""
        raise NotImplementedError

    def apply_call(self, g: Game, seat: int, a: Action) -> None:
        """The bidder's call of a partner or its alternative (``Phase.CALL``)."""
        raise NotImplementedError

    def apply_talon(self, g: Game, seat: int, a: Action) -> None:
        """A choice at the talon (``Phase.TALON``)."""
        raise NotImplementedError

    def apply_surrender(self, g: Game, seat: int, a: Action) -> None:
        """Surrender or play on (``Phase.SURRENDER``, CZ-4)."""
        raise NotImplementedError

    def apply_declarer_throw_in(self, g: Game, seat: int, a: Action) -> None:
        """The declarer's throw-in after the auction (``Phase.THROW_IN`` with a contract)."""
        raise NotImplementedError

    # ---- discarding ----------------------------------------------------------------

    def after_discard(self, g: Game, seat: int) -> None:
        raise NotImplementedError

    # ---- announcements ---------------------------------------------------------------

    def before_announcements(self, g: Game) -> None:
        """Fix the true partnership once the talon exchange is over."""
        if g.called is not None and g.bidder is not None and not (
            g.contract is not None and g.contract.alone
        ):
            h = g.holder_of(g.called)
            g.partner = None if h is None or h == g.bidder else h
        g.ann.announced.setdefault("game", _game_announced(g))

    def announcement_starter(self, g: Game) -> int | None:
        return g.bidder

    def announce_passes(self, g: Game) -> int:
        """How many passes in a row end the announcement round once everyone has had a
        first turn: every active player (CZ-6); RO-12 ends it after one fewer."""
        return len(g.active)

    def announce_candidates(self, g: Game, seat: int) -> list[Action]:
        """Every announcement, declaration and double of the variant that the state offers
        before the rules forbid any (Done is added by ``Game``)."""
        raise NotImplementedError

    def declarations_true(self, g: Game, seat: int) -> list[str]:
        """The combinations ``seat`` holds now (CZ-7, NE-7); none by default."""
        return []

    def declared_taroky(self, name: str) -> tuple[int, int] | None:
        """How many taroky (at least, at most) the declaration ``name`` says its declarer
        held when declaring, for the worlds a computer player samples; None when it says
        nothing of the count (or the variant does not say: the Czech names are known to
        ``bot.engine.worlds``)."""
        return None

    def apply_announcement(self, g: Game, seat: int, a: Action) -> None:
        raise NotImplementedError

    def after_announcements(self, g: Game) -> None:
        raise NotImplementedError

    def double_depth(self, g: Game) -> int:
        return self.max_double

    def doublable(self, g: Game) -> frozenset[str]:
        return _DOUBLABLE

    def stake_of(self, g: Game, name: str, level: int) -> int | None:
        """What ``name`` (an announced bonus, or "game"), doubled ``level`` times, pays each
        opponent (``side_payment``'s amount) when it goes against its side, as the
        settlement charges it; for the game, the most it can pay.  None where the variant
        has no single such amount (teach mode then asks about the choice anyway)."""
        return None

    def may_double(self, g: Game, seat: int, name: str, level: int) -> bool:
        """Whether ``seat``, on the side whose turn it is to double ``name`` (now at
        ``level``), may say it: per-seat eligibility, e.g. from the auction (KZ-7).  Every
        seat of that side by default."""
        return True

    def double_word(self, level: int) -> str:
        return self.double_words[level]

    def title_of(self, name: str, t: Say = ENGLISH) -> str:
        return title(name, t)

    def say(self, c: Card, long: bool = False, t: Say = ENGLISH) -> str:
        """``c`` named for a player in this variant's words (``cards.say_card``)."""
        return say_card(c, self.card_words, long=long, t=t)

    def label(self, a: Action, t: Say = ENGLISH) -> str:
        """The button text of ``a``, its card named in this variant's words."""
        return action_label(a, self.card_words, t)

    # ---- play ----------------------------------------------------------------------------

    def kept_cards(self, g: Game, seat: int) -> int:
        """Cards ``seat`` must keep for the last trick (CZ-11, PT-3), as a mask.  They
        depend only on the announcements, so ``Game`` asks once when play starts; the
        ``KeepAnnounced`` rule reads them."""
        return 0

    def trick_exception(self, plays: Sequence[tuple[int, Card]], best: int) -> int:
        """The seat that wins after the variant's exceptions (21–Škýz–1, NE-6); ``best``
        is the winner by the plain order."""
        return best

    def trick_winner(self, plays: Sequence[tuple[int, Card]]) -> int:
        """The seat that wins a trick of ``plays`` (seat, card) in play order: the highest
        tarok, else the highest card of the suit led in this variant's pip order, then the
        variant's exceptions.  The one definition of who wins a trick: ``Game``, the
        computer players and the texts all ask here."""
        led: int = plays[0][1]  # (an int-typed name: the compiled code unboxes the Card)
        rank = self.rank_tables[led if led < NUM_TAROKY else ((led - NUM_TAROKY) >> 3) + NUM_TAROKY]
        best_seat = plays[0][0]
        best = -1
        for s, c in plays:
            ci: int = c
            r = rank[ci]
            if r > best:
                best, best_seat = r, s
        if self.has_trick_exception:
            return self.trick_exception(plays, best_seat)
        return best_seat

    def beats(self, a: int, b: int) -> bool:
        """Whether card ``a`` played after ``b`` would beat it (no exceptions): a tarok
        beats any suit card and a lower tarok; a suit card beats only a lower card of its
        own suit, in this variant's pip order."""
        if a < NUM_TAROKY:
            return b >= NUM_TAROKY or a > b
        if b < NUM_TAROKY or (a - NUM_TAROKY) >> 3 != (b - NUM_TAROKY) >> 3:
            return False
        return self.strength[a] > self.strength[b]

    def on_play(self, g: Game, seat: int, c: Card) -> None:
        """Hook after a card is played (Varšava talon, abandonment, claims)."""

    def on_trick(self, g: Game, t: Trick) -> None:
        """Hook after a trick is complete."""

    def on_last_trick(self, g: Game) -> None:
        """Hook after the last trick (before scoring)."""

    def score(self, g: Game) -> HandResult:
        raise NotImplementedError

    # ---- the session ------------------------------------------------------------------

    def session_end_payments(self, session: Session) -> dict[int, int]:
        """What the pool does when ``session`` ends (PL-19): signed amounts by seat and
        ``POOL``, summing to zero; ``Session`` books them.  By default the pool stays at
        the table for the next session (the Žid, CZ-16)."""
        return {}

    # ---- the computer players ---------------------------------------------------------

    #: The contracts a computer declarer throws in rather than plays (KZ-4: Jeden), so the
    #: computer players do not bid them (``computer_choice`` says the throw-in).
    computer_throws_in: ClassVar[frozenset[str]] = frozenset()

    def computer_choice(self, g: Game, seat: int) -> tuple[Action, str] | None:
        """The choice the rules fix for a computer player in ``seat`` (to act) now, and the
        rule as a sentence (a message, ``N_``); None where the computer players choose for
        themselves.  A person is free to choose: Hint and the hand review weigh the
        options for a person as for any choice (KZ-4: a computer declarer of Jeden
        throws in)."""
        return None

    # ---- words -----------------------------------------------------------------------

    def contract_term(self, g: Game) -> Sayable:
        """The contract's title (with what the variant adds: "Trojka, level 2"), said when
        its sentence is; ``g.contract`` is set."""
        assert g.contract is not None
        return Term(g.contract.title)

    def contract_title(self, g: Game, t: Say = ENGLISH) -> str | None:
        """The contract's title in ``t``'s language (English: the record's and the CLI's)."""
        if g.contract is None:
            return None
        return self.contract_term(g).say(t)

    def called_title(self, g: Game, t: Say = ENGLISH) -> str | None:
        return g.called.short if g.called is not None else None

    def prompt(self, g: Game, seat: int, t: Say = ENGLISH) -> str:
        return t._("Wait for the others.")

    def public_prompt(self, g: Game, t: Say = ENGLISH) -> str:
        if g.to_act is None:
            return t._("The hand is over.")
        return t._("{seat} to act.", seat=seat_word(g.to_act))


def hand_result(g: Game, summary: str | Msg, points: dict[str, int], lines: list[PaymentLine],
                net: dict[int, int], declarer_side: frozenset[int] = frozenset(),
                declarers_won: bool | None = None,
                card_counts: dict[str, tuple[int, int]] | None = None) -> HandResult:
    """A ``HandResult`` from payment lines: zero entries dropped, and in two against two
    the transfers pair each player with one player of the other side."""
    net = {k: v for k, v in net.items() if v}
    declarers_net = _mark_sides(lines, declarer_side)
    opponents = frozenset(s for s in g.active if s not in declarer_side)
    pairs: list[tuple[int, int]] = []
    if len(declarer_side) == 2:
        d = sorted(declarer_side)
        o = sorted(opponents)
        if len(o) == 2:
            if net.get(d[0], 0) < 0:
                pairs = [(d[0], o[0]), (d[1], o[1])]
            else:
                pairs = [(o[0], d[0]), (o[1], d[1])]
    return HandResult(
        summary=summary,
        card_points=points,
        tricks={s: g.tricks_won[s] for s in g.active},
        lines=lines,
        net=net,
        transfers=transfers_from_net(net, pairs),
        declarer_side=declarer_side,
        declarers_won=declarers_won,
        thrown_in=g.thrown_in,
        card_counts=card_counts,
        sides=card_sides(g, points, declarer_side, opponents),
        declarers_net_won=declarers_net > 0 if declarers_won is not None else None,
        piles=hand_piles(g, declarer_side, opponents),
    )


def _mark_sides(lines: list[PaymentLine], declarer_side: frozenset[int]) -> int:
    """Set each line's ``side`` (the role of the side it pays) and return what the
    declarer's side nets over the lines between players (the pool's lines left out): one
    pass over each line's amounts."""
    declarers_net = 0
    for ln in lines:
        gainers = 0  # the seats (or the pool) the line pays
        declarers = 0  # of them, on the declarer's side
        pool_gains = False
        pool_line = False
        mine = 0
        for k, v in ln.net.items():
            if k == POOL:
                pool_line = True
            elif k in declarer_side:
                mine += v
            if v > 0:
                gainers += 1
                if k == POOL:
                    pool_gains = True
                elif k in declarer_side:
                    declarers += 1
        if not pool_line:
            declarers_net += mine
        if not gainers:
            ln.side = ""
        elif pool_gains and gainers == 1:
            ln.side = SIDE_POOL
        elif declarer_side and declarers == gainers:
            ln.side = SIDE_DECLARERS
        elif declarer_side and not declarers:
            ln.side = SIDE_OPPONENTS
        else:
            ln.side = SIDE_PLAYER if gainers == 1 else ""
    return declarers_net


def hand_piles(g: Game, declarer_side: frozenset[int], opponents: frozenset[int]) -> tuple[Pile, ...]:
    """The sides' piles at the end of ``g`` (``HandResult.piles``): the declarer's side
    and the opponents, or each active seat alone when there is no declarer side; none
    when no card was played."""
    if not g.tricks:
        return ()
    if declarer_side:
        return (Pile(SIDE_DECLARERS, declarer_side, g.side_mask(declarer_side)),
                Pile(SIDE_OPPONENTS, opponents, g.side_mask(opponents)))
    out: list[Pile] = []
    for s in g.active:
        seats = frozenset((s,))
        out.append(Pile(SIDE_PLAYER, seats, g.side_mask(seats)))
    return tuple(out)


def card_sides(g: Game, points: dict[str, int], declarer_side: frozenset[int],
               opponents: frozenset[int]) -> dict[str, tuple[str, frozenset[int]]]:
    """The role and seats behind each card-points label (``HandResult.sides``): the
    declarer's side, the opponents (the other active seats), or one seat by its
    placeholder (``seat_word``)."""
    out: dict[str, tuple[str, frozenset[int]]] = {}
    for label in points:
        if label in DECLARER_LABELS:
            out[label] = (SIDE_DECLARERS, declarer_side)
        elif label in OPPONENT_LABELS:
            out[label] = (SIDE_OPPONENTS, opponents)
        else:
            for s in range(g.num_seats):
                if label == seat_word(s):
                    out[label] = (SIDE_PLAYER, frozenset((s,)))
                    break
    return out


_DOUBLABLE: Final = frozenset(("game", "pagat", "valat"))


def _game_announced(g: Game) -> Any:
    from ..game import Announced

    assert g.bidder is not None
    return Announced("game", g.bidder)


# --- small shared predicates ------------------------------------------------------


def tarok_count(hand: int) -> int:
    return (hand & TAROK_MASK).bit_count()


def king_count(hand: int) -> int:
    return (hand & KING_MASK).bit_count()


def has(hand: int, c: int) -> bool:
    return bool(hand >> c & 1)


TRUL_CARDS = (SKYZ, MOND, PAGAT)
__all__ = [
    "NUM_TAROKY", "OptionSpec", "TRUL_CARDS", "Variant", "hand_result", "has", "king_count",
    "tarok_count",
]
