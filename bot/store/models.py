"""Value types the store takes and returns.

Participants are ints: Discord user ids are positive, computer players negative
(``computer_id``).  ``POOL`` stands for the table's pool (the Žid, Petrtyl's pot, the
Romanian pool) in a ``Transfer``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Final, Literal, Protocol

from bot.ratings import HandOutcome
from bot.store.money import MAX_AMOUNT, check_currency


class Account(Enum):
    """Non-player accounts a transfer can name."""

    POOL = "pool"


#: The table's pool as payer or payee of a ``Transfer``.
POOL: Final = Account.POOL

#: A participant id (``int``, never 0) or ``POOL``.
Party = int | Literal[Account.POOL]

#: Ledger ``kind`` values.
KIND_HAND: Final = "hand"
KIND_START: Final = "start"
KIND_SEED: Final = "seed"

#: ``leaderboard`` orders.
ORDERS: Final[tuple[str, ...]] = ("balance", "hands_played", "hands_won_as_bidder", "biggest_win")


class StoreError(Exception):
    """Base class for errors the store raises on purpose."""


class HandValidationError(StoreError, ValueError):
    """A ``SettledHand`` is malformed; nothing was written."""


class ZeroSumError(HandValidationError):
    """Deltas (players plus pool) do not sum to zero; nothing was written."""


class HandConflictError(StoreError):
    """A hand id was settled before with *different* money; nothing was written."""


class PoolOverdrawnError(StoreError):
    """A settlement would take the pool below zero; nothing was written."""


class StaleTableStateError(StoreError):
    """``save_table_state`` was given an ``expected_version`` that is not current."""


class MemberForgottenError(StoreError):
    """A hand's payment names a member forgotten meanwhile through another bot process,
    whose table has not let them go yet (``forgettings``, issue #30): nothing was written;
    the table lets them go and pays their anonymous id instead."""

    def __init__(self, members: Collection[int]) -> None:
        super().__init__(f"{len(members)} participant(s) of the hand were forgotten meanwhile")
        self.members = frozenset(members)


class SessionError(StoreError):
    """A session does not exist, is finished, or does not match the hand."""


def computer_id(seat: int) -> int:
    """The participant id of the computer player in ``seat`` (0-based): ``-1 - seat``."""
    if seat < 0:
        raise ValueError("seat must be >= 0")
    return -1 - seat


def is_computer(participant: int) -> bool:
    """True for computer players (negative ids)."""
    return participant < 0


@dataclass(frozen=True, slots=True)
class Transfer:
    """``amount`` (smallest unit, > 0) moves from ``payer`` to ``payee``."""

    payer: Party
    payee: Party
    amount: int


@dataclass(frozen=True)
class SessionStep:
    """What a table's session decided when one of its hands ended.

    The table's session (``bot.engine.Session``) alone decides these: the deals played
    so far, each player's running total, and whether (and why) the session is now over
    (``"deals_completed"``, ``"broke"``: NE-9).  ``Store.settle_hand`` writes them in
    the hand's transaction and decides nothing itself.
    """

    deals_played: int
    totals: Mapping[int, int]  # participant id -> running total after the hand
    finish_reason: str | None = None  # None: the session goes on

    def validate(self) -> None:
        if not _is_int(self.deals_played) or self.deals_played < 1:
            raise HandValidationError("a session step needs deals_played >= 1")
        for p, v in self.totals.items():
            if not _is_int(p) or p == 0 or not _is_int(v):
                raise HandValidationError(f"session totals map participant ids to ints, got {p!r}: {v!r}")
        if self.finish_reason is not None and (
            not isinstance(self.finish_reason, str) or not self.finish_reason
        ):
            raise HandValidationError("finish_reason must be a non-empty string or None")


@dataclass(frozen=True)
class SettledHand:
    """Everything ``Store.settle_hand`` needs to pay out one finished hand.

    ``hand_id`` is the idempotency key: choose it when the hand is dealt, keep it in
    the table state, and a settlement retried after a crash is a no-op.  ``season``
    is the guild's season when the hand was dealt (``Store.current_season``).
    ``record`` is the engine's full hand record (JSON-serialisable), stored verbatim
    for ``get_hand_record`` / ``taroky replay``.  A hand of a session carries its
    ``session_id`` and the ``session_step`` its session decided.
    """

    hand_id: str
    guild_id: int
    channel_id: int
    variant: str
    currency: str
    season: int
    transfers: Sequence[Transfer]
    record: Mapping[str, Any]
    participants: Sequence[int]
    bidder: int | None = None
    bidder_won: bool | None = None
    session_id: int | None = None
    session_step: SessionStep | None = None
    #: What the ratings need of the hand (its sides and what each seat won, by rating
    #: names); rated in the payment's transaction.  None: the hand is not rated.
    outcome: HandOutcome | None = None

    @classmethod
    def from_deltas(
        cls,
        *,
        deltas: Mapping[Party, int],
        hand_id: str,
        guild_id: int,
        channel_id: int,
        variant: str,
        currency: str,
        season: int,
        record: Mapping[str, Any],
        participants: Sequence[int],
        bidder: int | None = None,
        bidder_won: bool | None = None,
        session_id: int | None = None,
        session_step: SessionStep | None = None,
    ) -> SettledHand:
        """Build a hand from net results (``{player: +won/-lost, POOL: ...}``).

        Raises ``ZeroSumError`` unless the deltas sum to exactly zero.
        """
        return cls(
            hand_id=hand_id,
            guild_id=guild_id,
            channel_id=channel_id,
            variant=variant,
            currency=currency,
            season=season,
            transfers=transfers_from_deltas(deltas),
            record=record,
            participants=participants,
            bidder=bidder,
            bidder_won=bidder_won,
            session_id=session_id,
            session_step=session_step,
        )

    def deltas(self) -> dict[Party, int]:
        """Net change per party (players and ``POOL``), zero entries omitted."""
        return net_deltas(self.transfers)

    def validate(self) -> None:
        """Raise ``HandValidationError`` (or ``ZeroSumError``) if the hand is malformed."""
        if not isinstance(self.hand_id, str) or not 0 < len(self.hand_id) <= 200:
            raise HandValidationError("hand_id must be a non-empty string of at most 200 chars")
        for name in ("guild_id", "channel_id", "season"):
            value = getattr(self, name)
            if not _is_int(value) or value <= 0:
                raise HandValidationError(f"{name} must be a positive int, got {value!r}")
        if not isinstance(self.variant, str) or not self.variant:
            raise HandValidationError("variant must be a non-empty string")
        try:
            check_currency(self.currency)
        except ValueError as exc:
            raise HandValidationError(str(exc)) from None
        if not self.participants:
            raise HandValidationError("a hand needs participants")
        players = set()
        for p in self.participants:
            if not _is_int(p) or p == 0:
                raise HandValidationError(f"participant ids are non-zero ints, got {p!r}")
            if p in players:
                raise HandValidationError(f"participant {p} listed twice")
            players.add(p)
        if self.bidder is not None and self.bidder not in players:
            raise HandValidationError(f"bidder {self.bidder} is not a participant")
        if self.bidder_won is not None and not isinstance(self.bidder_won, bool):
            raise HandValidationError("bidder_won must be a bool or None")
        if self.session_id is not None and (not _is_int(self.session_id) or self.session_id <= 0):
            raise HandValidationError("session_id must be a positive int or None")
        if (self.session_id is None) != (self.session_step is None):
            raise HandValidationError("a hand of a session carries both session_id and session_step")
        if self.session_step is not None:
            self.session_step.validate()
        if self.outcome is not None and self.outcome.variant != self.variant:
            raise HandValidationError(f"the outcome is of {self.outcome.variant}, the hand of {self.variant}")
        for t in self.transfers:
            if not isinstance(t, Transfer):
                raise HandValidationError(f"not a Transfer: {t!r}")
            if not _is_int(t.amount) or t.amount <= 0:
                raise HandValidationError(f"transfer amounts are positive ints, got {t!r}")
            if t.amount > MAX_AMOUNT:
                raise HandValidationError(f"transfer amount beyond the store's range: {t!r}")
            if t.payer == t.payee:
                raise HandValidationError(f"transfer to self: {t!r}")
            for party in (t.payer, t.payee):
                if party is not POOL and party not in players:
                    raise HandValidationError(f"{party!r} in {t!r} is not a participant")
        total = sum(self.deltas().values())
        if total != 0:  # structurally impossible with transfers; kept as a last guard
            raise ZeroSumError(f"hand {self.hand_id}: deltas sum to {total}, not 0")
        try:
            json.dumps(self.record, allow_nan=False)
        except (TypeError, ValueError) as exc:
            raise HandValidationError(f"record is not JSON-serialisable: {exc}") from None

    def digest(self) -> str:
        """A hash of the money-relevant content, to tell a retry from a conflict."""
        payload = {
            "hand_id": self.hand_id,
            "guild_id": self.guild_id,
            "channel_id": self.channel_id,
            "variant": self.variant,
            "currency": self.currency,
            "season": self.season,
            "participants": sorted(self.participants),
            "transfers": sorted(
                [party_key(t.payer), party_key(t.payee), t.amount] for t in self.transfers
            ),
            "bidder": self.bidder,
            "bidder_won": self.bidder_won,
            "session_id": self.session_id,
        }
        encoded = json.dumps(payload, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(encoded.encode()).hexdigest()


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def party_key(party: Party) -> str:
    """``"pool"`` or the participant id as text (JSON object keys, CSV cells)."""
    return "pool" if party is POOL else str(party)


def net_deltas(transfers: Sequence[Transfer]) -> dict[Party, int]:
    """Net change per party implied by ``transfers``, zero entries omitted."""
    out: dict[Party, int] = {}
    for t in transfers:
        out[t.payer] = out.get(t.payer, 0) - t.amount
        out[t.payee] = out.get(t.payee, 0) + t.amount
    return {k: v for k, v in out.items() if v != 0}


def transfers_from_deltas(deltas: Mapping[Party, int]) -> list[Transfer]:
    """Turn net results into a short list of transfers (losers pay winners, in order).

    Raises ``ZeroSumError`` if the deltas do not sum to zero, ``HandValidationError``
    if an amount is not an int.
    """
    for party, amount in deltas.items():
        if not _is_int(amount):
            raise HandValidationError(f"delta for {party!r} is not an int: {amount!r}")
    total = sum(deltas.values())
    if total != 0:
        raise ZeroSumError(f"deltas sum to {total}, not 0: {dict(deltas)!r}")
    debtors: list[tuple[Party, int]] = [(p, -a) for p, a in deltas.items() if a < 0]
    creditors: list[tuple[Party, int]] = [(p, a) for p, a in deltas.items() if a > 0]
    transfers: list[Transfer] = []
    i = j = 0
    while i < len(debtors) and j < len(creditors):
        payer, owes = debtors[i]
        payee, due = creditors[j]
        amount = min(owes, due)
        transfers.append(Transfer(payer, payee, amount))
        debtors[i] = (payer, owes - amount)
        creditors[j] = (payee, due - amount)
        if owes == amount:
            i += 1
        if due == amount:
            j += 1
    return transfers


class SeatTransfer(Protocol):
    """Anything with ``payer``, ``payee`` (seat numbers or a pool marker) and ``amount``,
    e.g. the engine's ``bot.engine.scoring.Transfer``."""

    @property
    def payer(self) -> int: ...

    @property
    def payee(self) -> int: ...

    @property
    def amount(self) -> int: ...


def transfers_from_seats(
    transfers: Iterable[SeatTransfer], participants_by_seat: Sequence[int], *, pool: int
) -> list[Transfer]:
    """Map seat-numbered transfers (the engine's) to participant ids and ``POOL``.

    ``participants_by_seat[seat]`` is the participant id in that seat; ``pool`` is the
    engine's pool marker (``bot.engine.scoring.POOL``, which is ``-1``).  Use this
    rather than indexing by hand: ``ids[-1]`` would silently pay the pool's money to
    the last seat, and the engine's pool marker equals ``computer_id(0)``.  Raises
    ``HandValidationError`` for a seat that does not exist.
    """

    def party(seat: int) -> Party:
        if seat == pool:
            return POOL
        if not 0 <= seat < len(participants_by_seat):
            raise HandValidationError(f"no seat {seat} (table has {len(participants_by_seat)})")
        return participants_by_seat[seat]

    return [Transfer(party(t.payer), party(t.payee), t.amount) for t in transfers]


@dataclass(frozen=True, slots=True)
class HandSummary:
    """One settled hand as ``recent_hands`` / ``get_hand`` return it."""

    seq: int
    hand_id: str
    guild_id: int
    channel_id: int
    variant: str
    currency: str
    season: int
    bidder: int | None
    bidder_won: bool | None
    participants: tuple[int, ...]
    deltas: dict[int, int]
    pool_delta: int
    settled_at: str
    session_id: int | None
    #: The hand was annulled in play (issue #29): nobody paid or was paid for it.
    annulled: bool = False


@dataclass(frozen=True, slots=True)
class PoolBalance:
    """A pool of one table: (guild, channel, variant, currency) in a season."""

    guild_id: int
    channel_id: int
    variant: str
    currency: str
    season: int
    amount: int


@dataclass(frozen=True, slots=True)
class LeaderboardRow:
    """One line of a leaderboard page; ``value`` is in ``currency`` for money orders."""

    rank: int
    player_id: int
    value: int
    currency: str | None


@dataclass(frozen=True, slots=True)
class VariantStats:
    """A player's counters for one (variant, currency) in one season."""

    variant: str
    currency: str
    hands_played: int
    hands_won: int
    hands_as_bidder: int
    hands_won_as_bidder: int
    net: int
    biggest_win: int
    biggest_loss: int


@dataclass(frozen=True)
class PlayerStats:
    """``player_stats`` result: balances per currency plus per-variant counters."""

    guild_id: int
    player_id: int
    season: int
    balances: dict[str, int]
    by_variant: list[VariantStats] = field(default_factory=list)

    @property
    def hands_played(self) -> int:
        return sum(v.hands_played for v in self.by_variant)

    @property
    def hands_won_as_bidder(self) -> int:
        return sum(v.hands_won_as_bidder for v in self.by_variant)


@dataclass(frozen=True, slots=True)
class TableState:
    """A table's saved live state."""

    guild_id: int
    channel_id: int
    message_id: int | None
    version: int
    state: dict[str, Any]
    updated_at: str


@dataclass(frozen=True, slots=True)
class Session:
    """A table session: an agreed number of deals (or open-ended) with running totals."""

    session_id: int
    guild_id: int
    channel_id: int
    variant: str
    currency: str
    season: int
    deals_planned: int | None
    deals_played: int
    totals: dict[int, int]
    started_at: str
    finished_at: str | None
    finish_reason: str | None

    @property
    def finished(self) -> bool:
        return self.finished_at is not None


@dataclass(frozen=True, slots=True)
class Forgotten:
    """What forgetting a member changed."""

    #: Guilds in which the member had rows (each got its own anonymous id).
    guilds: int
    #: Hands whose participants, money, bidder or record named the member.
    hands: int
    #: Ledger rows paid by or to the member.
    ledger_rows: int
    #: True if a language choice of the member's was deleted.
    language: bool
    #: Guild -> the anonymous id the member's rows there now carry (a table in play there
    #: pays the member's hand to it: ``TableManager.forget_member``).
    anonymous: Mapping[int, int] = field(default_factory=dict)
    #: The pending forgetting written with it (``PendingForgetting.seq``; None: none
    #: was written, a process letting go at its tables of a member forgotten elsewhere).
    seq: int | None = None

    @property
    def anything(self) -> bool:
        """True if the store held anything about the member."""
        return bool(self.guilds or self.hands or self.ledger_rows or self.language)


@dataclass(frozen=True, slots=True)
class PendingForgetting:
    """A member forgotten a short while ago (``bot.store.privacy.FORGETTING_KEPT``), or
    earlier while a saved table still names them: every bot process lets them go at its
    own tables of ``guild_id`` (None: every guild) that have not yet
    (``Table.forgettings_applied``), in the order ``seq`` (unique, not necessarily the
    order of commits)."""

    seq: int
    member_id: int
    guild_id: int | None

    def covers(self, guild_id: int) -> bool:
        """True if the forgetting reaches ``guild_id``."""
        return self.guild_id is None or self.guild_id == guild_id


# ---------------------------------------------------------------- hand analysis (issue #28)
@dataclass(frozen=True, slots=True)
class AnalysisJob:
    """A job handed to a taker: the hand's record (as stored), the seats to review, and
    how many times it has been taken (this one included)."""

    hand_id: str
    seats: tuple[int, ...]
    record: dict[str, Any]
    attempts: int


@dataclass(frozen=True, slots=True)
class AnalysisState:
    """Where a hand's analysis stands: ``queued``, ``running``, ``done`` (with its
    ``review``) or ``failed`` (with its ``error``); ``seats``: the seats it reviews;
    ``review_version``: the version of the judge that made the stored review (0: none
    stored).  A review made again keeps the older one here until the new one is stored."""

    hand_id: str
    status: str
    seats: tuple[int, ...]
    review: dict[str, Any] | None
    error: str | None
    review_version: int

    @property
    def done(self) -> bool:
        return self.status == "done"


@dataclass(frozen=True, slots=True)
class SeatFigures:
    """One reviewed seat's figures, stored beside the review: its accuracy (None without
    a judged choice), how many choices were judged, its luck and its money (the
    variant's smallest unit)."""

    seat: int
    accuracy: float | None
    judged: int
    luck: int
    money: int


@dataclass(frozen=True, slots=True)
class SkillRow:
    """One player's reviewed hands of one variant in a season: how many, how many had a
    judged choice, their mean accuracy (None if none had), and the sums of luck and
    money (the variant's smallest unit, ``currency``)."""

    player_id: int
    variant: str
    currency: str
    hands: int
    judged_hands: int
    accuracy: float | None
    luck: int
    money: int
