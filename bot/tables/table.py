"""One Taroky table in one channel: seats, the current game, the game loop and timers.

The table is the only place that changes a game.  Every change happens under the
table's :class:`asyncio.Lock`, so two clicks (or a click and a computer turn) can
never interleave.  Each applied action advances :attr:`Table.step`; buttons carry the
hand number and step they were drawn for, so a stale or double click is refused
without touching the game.

Computer players act in a short-lived *driver* task with a human-like pause; an
absent human is reminded after ``reminder_after`` seconds and a computer plays for
them after a further ``takeover_after`` seconds (they count as *away* until they open
their panel again).  Neither task waits on anything but the lock and ``asyncio.sleep``.

Every hand is dealt by the table's engine :class:`~bot.engine.session.Session`, which
alone keeps the running totals, who deals next (NE-1, HE-6), when the session ends
(agreed deals, NE-9) and the pot seed (PT-4); the store records what it decided.

A click and a computer move take one path (:meth:`Table.act`, :meth:`Table._computer_turn`,
then :meth:`Table._after_action`): seat, moment and turn checked once under the lock, the
engine, the settlement of a finished hand (:class:`bot.tables.settlement.Settlement`, paid
by the table's :class:`TableKeeper`), one saved snapshot, the output told.  The table
holds its seats and its game; what it owes the store is its settlement's.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from bot import metrics
from bot.ai.players import DEFAULT_LEVEL, LEVELS, decision_seed
from bot.ai.pool import choose_off_loop
from bot.engine import (
    Action,
    Event,
    Game,
    HandResult,
    Kind,
    OptionValue,
    find_variant,
    parse_action,
    replay_record,
)
from bot.engine.errors import IllegalAction, TarokyError
from bot.engine.names import name_seats
from bot.engine.recording import deal_commitment, deck_names
from bot.engine.session import Session, SessionEnd, given_options
from bot.i18n import N_, SOURCE, Text, pick_language
from bot.store.models import Session as SessionRecord
from bot.tables.deals import Deals
from bot.tables.errors import NotSeated, StaleChoice, TableError
from bot.tables.errors import plural_pair as ngettext  # (marks the pair for the catalog)
from bot.tables.old_snapshots import session_from_old_state
from bot.tables.settlement import Settlement
from bot.tables.stop_request import StopRequest
from bot.tables.teach import table_options

log = logging.getLogger(__name__)

LOBBY, PLAYING, BETWEEN, CLOSED = "lobby", "playing", "between", "closed"

COMPUTER_NAMES = ("Bětka", "Vašek", "Anča", "Pepa", "Mařka")


@dataclass
class Seat:
    """A chair at the table.  ``user_id`` None means a computer player."""

    name: str
    user_id: int | None = None
    away: bool = False
    level: str | None = None  # a computer's level (easy, normal, strong); None: the table's
    #: The language of this player's panel and replies (their ``/taroky language`` or their
    #: app's, noted at their last click); None: the table's (issue #14).
    lang: str | None = None
    #: A computer finishing the hand in play for a player who left it: the player's name
    #: (they still pay or are paid for this hand, as it was dealt to them); None otherwise.
    stands_in_for: str | None = None

    @property
    def is_computer(self) -> bool:
        return self.user_id is None

    @property
    def computer_plays(self) -> bool:
        """True when the computer acts for this seat (a computer, or an away human)."""
        return self.user_id is None or self.away


@dataclass
class TableTimings:
    """Pauses of the game loop, in seconds (all zero in tests)."""

    ai_delay: float = 1.2
    reminder_after: float = 120.0
    takeover_after: float = 120.0


class TableOutput(Protocol):
    """What the table asks of the Discord layer after something happened."""

    async def table_changed(self, table: Table) -> None:
        """The game or the seats changed: update the public message and open panels."""

    async def remind(self, table: Table, seat: int) -> None:
        """Tell the player in ``seat`` that the table waits for them."""

    async def table_closed(self, table: Table, session: SessionRecord | None) -> None:
        """The table was closed: post the session's summary (if one was running), show the
        closed table message and forget the table."""

    async def hand_finished(self, table: Table, hand_no: int, result: HandResult) -> int | None:
        """Post the end-of-hand summary (card points, payments, balances); its message's
        id (None: nothing was posted)."""

    async def hand_paid(self, table: Table, summary_id: int) -> None:
        """The finished hand, whose summary (``summary_id``) was posted before it could be
        paid, is paid now: the summary gets what a paid hand's carries."""

    async def session_finished(self, table: Table, session: SessionRecord) -> None:
        """Post the end-of-session summary (why it ended, everyone's total)."""


class NullOutput:
    """An output that does nothing (unit tests of the runtime)."""

    async def table_changed(self, table: Table) -> None:
        return None

    async def remind(self, table: Table, seat: int) -> None:
        return None

    async def table_closed(self, table: Table, session: SessionRecord | None) -> None:
        return None

    async def hand_finished(self, table: Table, hand_no: int, result: HandResult) -> int | None:
        return None

    async def hand_paid(self, table: Table, summary_id: int) -> None:
        return None

    async def session_finished(self, table: Table, session: SessionRecord) -> None:
        return None


class TableKeeper(Protocol):
    """Who keeps a table between its moves: its saved snapshots and its money
    (``bot.tables.manager.TableManager``).  Called with the table's lock held."""

    async def open_hand(self, table: Table) -> int | None:
        """Before a deal: the store's season and session for the hand (a new session
        pays its pot seed, PT-4); the pool the hand starts with, or None when no money
        is kept."""

    async def settle(self, table: Table, game: Game) -> bool:
        """Pay the finished, booked hand and save the table's next state in one
        transaction; True when it is paid (now or before)."""

    async def save(self, table: Table) -> None:
        """Keep the table's snapshot (one per change)."""

    async def stop_session(self, table: Table) -> SessionRecord | None:
        """The table closes: finish its running session in the store; its summary."""

    def close_after_hand(self, table: Table) -> None:
        """The hand of a table asked to close (``/taroky end`` during a hand) is over and
        paid: close the table now, once the table's lock is let go."""

    async def annul(self, table: Table, game: Game, how: str) -> None:
        """Keep the hand in play as annulled (issue #29): its record with the salt
        revealed, no money moved; ``how`` is ``agreement``, ``admin`` or ``closed``."""


class Unkept:
    """The keeper of a table nothing is kept of (a lesson, a table another process
    serves now, unit tests): no saves, no money."""

    async def open_hand(self, table: Table) -> int | None:
        return None

    async def settle(self, table: Table, game: Game) -> bool:
        return True  # (nothing to pay)

    async def save(self, table: Table) -> None:
        return None

    async def stop_session(self, table: Table) -> SessionRecord | None:
        return None

    def close_after_hand(self, table: Table) -> None:
        table.status = CLOSED
        table._cancel_tasks()

    async def annul(self, table: Table, game: Game, how: str) -> None:
        return None  # (nothing is kept)


@dataclass
class TableConfig:
    """What ``/taroky new`` chose: variant, size, house rules and teach mode."""

    variant: str = "czech"
    players: int = 4
    options: dict[str, OptionValue] = field(default_factory=dict)
    #: Teach mode (on unless the host says otherwise): Hint, a confirmation before a costly
    #: announcement or double, and the variant's ``teach_options`` (a quiet povinnost is
    #: played out).
    teach: bool = True
    #: How well the computer players play (``bot.ai.players.LEVELS``), unless a seat says.
    level: str = DEFAULT_LEVEL
    #: Deals agreed for a session (0: until stopped, or until a player cannot pay).
    deals: int = 0
    #: The language of the table's public messages and picture: the server's (issue #14),
    #: noted when the table opens and at every click on it.
    lang: str = SOURCE

    @classmethod
    def from_state(cls, d: dict[str, Any]) -> TableConfig:
        """The config ``dataclasses.asdict`` saved, its house rules checked against the
        variant again (a stored value is read, not trusted)."""
        variant = str(d.get("variant", "czech"))
        return cls(variant=variant, players=int(d.get("players", 4)),
                   options=given_options(find_variant(variant), d.get("options") or {}),
                   teach=bool(d.get("teach", True)), level=str(d.get("level", DEFAULT_LEVEL)),
                   deals=int(d.get("deals", 0)), lang=str(d.get("lang", SOURCE)))


def refusal_text(game: Game, seat: int, action: Action, refusal: TarokyError, t: Text | None = None) -> str:
    """The engine's refusal of ``action`` in ``t``'s language: a refusal made before any
    rule is asked (the hand is over, not your turn) said from its message
    (``TarokyError.say``); a rule's refusal is the engine's English sentence
    (``Game.why_not``), said once more only for a reader of another language."""
    if refusal.msg is not None:
        return refusal.say(t) if t is not None else str(refusal)
    if t is None or t.lang == SOURCE or game.can(seat, action):
        return str(refusal)  # (English already; or raised past the rule check: as raised)
    return game.why_not(seat, action, t)


def check_together(game: Game, seat: int, actions: list[Action], t: Text | None = None) -> None:
    """Several choices made at once (the cards of one discard) are taken all or none: they
    are tried in order on a copy of the deal, and the first that would be refused is
    refused now, before any is applied; a discard must be exactly as many cards as needed.
    A refusal is said in ``t``'s language (the player's)."""
    kinds = {a.kind for a in actions}
    if kinds == {Kind.DISCARD} and game.discard_seat == seat and len(actions) != game.discard_need:
        raise TableError.counted(*ngettext("Choose exactly {n} card to discard, not {given}; nothing was discarded.",
                                           "Choose exactly {n} cards to discard, not {given}; nothing was discarded."),
                                 game.discard_need, given=len(actions))
    trial = game.clone()
    for action in actions:
        try:
            trial.act(seat, action)
        except TarokyError as error:
            raise TableError(N_("{refusal} Nothing was discarded: choose again."),
                             refusal=refusal_text(trial, seat, action, error, t)) from None


#: A table's attributes, as ``Table.__slots__`` (issue #33, memory a live table: 36
#: attributes are past the 30 an instance dict shares its keys for, so each table's dict
#: was a hash table of its own, 1.6 KB).  A new attribute is added here.
TABLE_SLOTS: Final = (
    "id", "guild_id", "channel_id", "host_id", "config", "deals", "timings", "output", "keeper",
    "settlement", "seats", "status", "session", "game", "hand_no", "step", "dealer", "message_id",
    "last_result", "lock", "hand_players", "_driver", "_timer", "_timer_key", "deal_commitment",
    "deal_salt", "turn_started", "closing", "closing_by", "closing_by_id", "stop_request", "annulled",
    "active_at", "expired", "used_at", "forgettings_applied", "__weakref__",
)


class Table:
    """The runtime of one table; create through :class:`bot.tables.manager.TableManager`."""

    __slots__ = TABLE_SLOTS

    #: In teach mode, announcements and doubles ask "Are you sure?" first (a lesson, which
    #: judges every choice afterwards and offers Try again, does not).
    confirms_costly_choices: bool = True
    #: The table's public message and picture speak the server's language; a lesson (no
    #: public message, one learner) speaks the learner's.
    public_language_is_the_servers: bool = True

    def __init__(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        config: TableConfig,
        deals: Deals | None = None,
        timings: TableTimings | None = None,
        output: TableOutput | None = None,
        keeper: TableKeeper | None = None,
        table_id: str | None = None,
    ) -> None:
        self.id = table_id or secrets.token_hex(4)
        self.guild_id = guild_id
        self.channel_id = channel_id
        self.host_id = host_id
        self.config = config
        self.deals = deals or Deals()
        self.timings = timings or TableTimings()
        self.output: TableOutput = output or NullOutput()
        #: Who saves the table and pays its hands (nothing is kept without one).
        self.keeper: TableKeeper = keeper or Unkept()
        #: What the table owes the store: the unpaid hand, its retries, the season and
        #: session it is paid under, what the last payment left.
        self.settlement = Settlement()
        self.seats: list[Seat | None] = [None] * config.players
        self.status = LOBBY
        #: The session every hand is dealt from (totals, dealer, its end, the pot seed).
        self.session: Session = self._new_session()
        self.game: Game | None = None
        self.hand_no = 0
        self.step = 0
        self.dealer = 0  # the dealer of the hand on the table
        self.message_id: int | None = None
        self.last_result: HandResult | None = None
        self.lock = asyncio.Lock()
        # The hand being played (or just finished): who sits in it, as fixed when it was
        # dealt, so a restart settles it identically.
        self.hand_players: list[int] = []
        self._driver: asyncio.Task[None] | None = None
        self._timer: asyncio.Task[None] | None = None
        self._timer_key: tuple[int, int] | None = None
        #: The commitment to the hand's deck (shown on the table message) and its secret
        #: salt (only in the saved state until the hand's record reveals it).
        self.deal_commitment: str | None = None
        self.deal_salt: str | None = None
        #: When the absence timer of the current turn started (``time.monotonic``).
        self.turn_started: float | None = None
        #: ``/taroky end`` was used during a hand: the hand is played out and paid, then
        #: the table closes (a hand in play always ends paid; issue #29).
        self.closing = False
        #: The member who asked the table to close, by name (on the table message) and id;
        #: None when forgotten (issue #30: the close stands, without a name).
        self.closing_by: str | None = None
        self.closing_by_id: int | None = None
        #: A request to stop the hand in play at once (``/taroky end now``), while it waits.
        self.stop_request = StopRequest(self)
        #: The hand in play was annulled (``agreement``, ``admin`` or ``closed``), the table closed.
        self.annulled: str | None = None
        #: When the table last changed (``time.monotonic``): a lobby nobody starts closes
        #: some time after (``TableManager.expire_lobbies``), and says so (``expired``).
        self.active_at = time.monotonic()
        self.expired = False
        #: When the table was last used (``time.time``: a change of its seats or lobby, a
        #: move), kept in its snapshot; start-up restores an idle table only if recent.
        self.used_at: float | None = time.time()
        #: The forgettings (``PendingForgetting.seq``, issue #30) this table has applied —
        #: let the member go, or held nothing of theirs then (its manager sets it: those it
        #: knew of when the table opened, then each one it applies).  Kept in the snapshot:
        #: a member who sat down again afterwards is a new start, never put out again by
        #: the same forgetting, not even after a restart (``TableManager.forget_pending``),
        #: and a payment names them freely.
        self.forgettings_applied: set[int] = set()

    def _new_session(self) -> Session:
        """A first session for this table's variant, seats and house rules."""
        c = self.config
        # (in teach mode with the variant's teach-mode house rules, where the host chose none)
        options = table_options(c.variant, c.options, c.teach)
        return Session.begin(c.variant, c.players, options, deals_agreed=c.deals or None)

    # ------------------------------------------------------------------ the session
    @property
    def scores(self) -> list[int]:
        """The running totals of the session, per seat (the session's own list)."""
        return self.session.totals

    @property
    def session_deals(self) -> int:
        """Deals finished in the current session."""
        return self.session.deals

    @property
    def session_over(self) -> SessionEnd | None:
        """Why the session ended (``deals_completed``, ``broke``: NE-9, ``stopped``), or
        None while it runs."""
        return self.session.end

    @property
    def next_dealer(self) -> int | None:
        """Between hands: who deals next (the variant's rotation, NE-1, HE-6)."""
        return self.session.dealer if self.status == BETWEEN else None

    # ------------------------------------------------------------------ queries
    def seat_of(self, user_id: int) -> int | None:
        """The seat index of a human, or None."""
        for i, seat in enumerate(self.seats):
            if seat is not None and seat.user_id == user_id:
                return i
        return None

    def require_seat(self, user_id: int) -> int:
        seat = self.seat_of(user_id)
        if seat is None:
            raise NotSeated(N_("You are not seated at this table; click Join in the lobby to take a seat."))
        return seat

    @property
    def humans(self) -> list[int]:
        return [s.user_id for s in self.seats if s is not None and s.user_id is not None]

    @property
    def is_full(self) -> bool:
        return all(s is not None for s in self.seats)

    def seat_name(self, seat: int) -> str:
        s = self.seats[seat]
        return s.name if s is not None else f"Seat {seat + 1}"

    def named(self, text: str) -> str:
        """An engine text (event, prompt, Why?, summary, payment line) with the seats'
        names in place of its "Seat N" placeholders (``bot.engine.names.name_seats``)."""
        if "eat " not in text:  # (no "Seat N" or "seat N": most texts, such as every announcement)
            return text
        return name_seats(text, [self.seat_name(i) for i in range(len(self.seats))])

    def public_text(self) -> Text:
        """The language of the table's public message, picture and summaries: the server's."""
        return Text(pick_language(self.config.lang))

    def seat_text(self, seat: int | None) -> Text:
        """The language of ``seat``'s panel, hand picture and replies: the player's own
        (noted at their last click), else the table's."""
        chair = self.seats[seat] if seat is not None and 0 <= seat < len(self.seats) else None
        if chair is None or chair.lang is None:
            return self.public_text()
        return Text(pick_language(chair.lang, self.config.lang))

    def participant(self, seat: int) -> int:
        """The store's id for the player in ``seat``: the Discord user id, or
        ``computer_id(seat)`` (``-1 - seat``) for a computer."""
        s = self.seats[seat]
        if s is not None and s.user_id is not None:
            return s.user_id
        return -1 - seat

    @property
    def hand_id(self) -> str:
        """The idempotency key of the current hand: stable across restarts."""
        return f"{self.guild_id}-{self.channel_id}-{self.id}-{self.hand_no}"

    @property
    def hand_in_play(self) -> Game | None:
        """The hand being played, until it is over (what a stop or an annulment stops)."""
        game = self.game
        return game if self.status == PLAYING and game is not None and not game.is_over else None

    def legal_for(self, seat: int) -> list[Action]:
        if self.status != PLAYING or self.game is None:
            return []
        return list(self.game.legal_actions(seat))

    def offered(self, seat: int) -> list[Action]:
        """The choices ``seat``'s panel offers now: the legal ones (a lesson may offer a
        subset, and says why: :meth:`withheld_note`)."""
        return [] if self.game is None else list(self.game.legal_actions(seat))

    def withheld_note(self, seat: int, t: Text) -> str | None:
        """Why ``seat``'s panel leaves out choices the rules allow now, in one sentence
        (Why? adds it), or None: a table offers every legal choice."""
        return None

    # ------------------------------------------------------------------ lobby
    async def join(self, user_id: int, name: str, *, lang: str | None = None) -> int:
        async with self.lock:
            if self.status == CLOSED:
                raise TableError(N_("This table has been closed."))
            mine = self.seat_of(user_id)
            if mine is not None:
                if user_id == self.host_id:
                    raise TableError(N_("You already sit in seat {seat} (you opened this table, so you were "
                                        "seated): nothing to do. Click **Start** when everyone is in."),
                                     seat=mine + 1)
                raise TableError(N_("You already sit in seat {seat}: nothing to do. Click **Start** when "
                                    "everyone is in."), seat=mine + 1)
            if self.status != LOBBY:
                # Between hands a human may take over a computer's chair.
                for i, seat in enumerate(self.seats):
                    if seat is not None and seat.is_computer and self.status == BETWEEN:
                        self.seats[i] = Seat(name=name, user_id=user_id, lang=lang)
                        await self.changed_locked()
                        return i
                raise TableError(N_("The game has started; you can join between hands if a computer seat is free."))
            for i, seat in enumerate(self.seats):
                if seat is None:
                    self.seats[i] = Seat(name=name, user_id=user_id, lang=lang)
                    await self.changed_locked()
                    return i
            raise TableError(N_("The table is full."))

    async def leave(self, user_id: int) -> int:
        async with self.lock:
            seat = self.require_seat(user_id)
            chair = self.seats[seat]
            # Mid-game (or between hands) a computer takes the chair over.  During a hand
            # it finishes the hand for the leaver, who pays or is paid as the cards fall:
            # the hand was dealt to them (``hand_players``), and a hand in play always
            # ends paid (issue #29), unless everyone still seated agreed to stop it.
            left = chair.name if chair is not None and self.status == PLAYING else None
            if not await self._let_go_locked(user_id, stands_in_for=left):
                await self.changed_locked()
        self.kick()
        return seat

    async def _let_go_locked(self, user_id: int, *, stands_in_for: str | None) -> bool:
        """The member ``user_id`` leaves the table (the lock held; :meth:`leave`, or
        :meth:`forget_locked`): their chair, if they sit, is a computer player's from now
        on (``stands_in_for``: the name it plays for; in a lobby the chair is freed), and
        they no longer decide on the request to stop the hand (``StopRequest.member_left``:
        one they asked ends as withdrawn; their agreement goes, and the others may all have
        agreed now).  True when the hand stopped (the table closes; nothing more to show)."""
        seat = self.seat_of(user_id)
        if seat is not None:
            self.seats[seat] = (None if self.status == LOBBY else
                                Seat(name=self._computer_name(), user_id=None, stands_in_for=stands_in_for))
        return await self.stop_request.member_left(user_id)

    def holds(self, user_id: int) -> bool:
        """Whether the table keeps anything of the member ``user_id``: a seat, a place in
        the hand dealt (or owed), the host's chair, a request to close the table or to
        stop the hand (a moderator may close a table they sit nowhere at)."""
        return (self.seat_of(user_id) is not None or user_id in self.hand_players
                or self.host_id == user_id or self.closing_by_id == user_id
                or self.stop_request.is_asked_by(user_id))

    async def forget_locked(self, user_id: int, anonymous: int) -> None:
        """The member ``user_id`` has been forgotten (issue #30; the lock held, by
        ``TableManager.forget_member``): the table keeps nothing of theirs.  Their chair
        is a computer player's at once, under a computer's name (in a lobby it is
        freed); the hand dealt to them goes on and is paid to ``anonymous``, the id the
        store gave their rows on this server, so the books stay exact and nobody leaves
        a losing hand by being forgotten (issue #29); the table has no host any more if
        they were it.  They leave the table as :meth:`leave` would (``_let_go_locked``: a
        request to stop the hand they asked ends, as if withdrawn; their agreement goes,
        and if everyone still seated has agreed the hand stops); a close they asked stands,
        without their name: the others were told the table closes after the hand, and it
        does."""
        self.hand_players = [anonymous if p == user_id else p for p in self.hand_players]
        if self.host_id == user_id:
            self.host_id = 0
        if self.closing_by_id == user_id:
            self.closing_by = self.closing_by_id = None
        if not await self._let_go_locked(user_id, stands_in_for=None):
            await self.changed_locked()

    def _computer_name(self) -> str:
        used = {s.name for s in self.seats if s is not None}
        t = self.public_text()  # (named in the table's language, for good)
        for name in COMPUTER_NAMES:
            label = t._("{name} (computer)", name=name)
            if label not in used:
                return label
        return t._("Computer {n}", n=len(used) + 1)

    async def add_computer(self) -> int:
        async with self.lock:
            if self.status != LOBBY:
                raise TableError(N_("Computer players can only be added in the lobby."))
            for i, seat in enumerate(self.seats):
                if seat is None:
                    self.seats[i] = Seat(name=self._computer_name(), level=self.config.level)
                    await self.changed_locked()
                    return i
            raise TableError(N_("The table is full."))

    async def next_level(self) -> str:
        """The lobby's level button: the next level (easy, normal, strong) for the computer
        players added from now on and for the empty seats filled at the start."""
        async with self.lock:
            if self.status != LOBBY:
                raise TableError(N_("The computer level is chosen in the lobby."))
            i = LEVELS.index(self.config.level) if self.config.level in LEVELS else 0
            self.config.level = LEVELS[(i + 1) % len(LEVELS)]
            await self.changed_locked()
            return self.config.level

    async def toggle_teach(self) -> bool:
        """The lobby's teach button: teach mode on or off; returns the new setting."""
        async with self.lock:
            if self.status != LOBBY:
                raise TableError(N_("Teach mode is chosen in the lobby."))
            self.config.teach = not self.config.teach
            self.session = self._new_session()
            await self.changed_locked()
            return self.config.teach

    async def start(self, user_id: int) -> None:
        async with self.lock:
            if self.status != LOBBY:
                raise TableError(N_("The game has already started."))
            if self.seat_of(user_id) is None and user_id != self.host_id:
                raise NotSeated(N_("Only a seated player or the host can start the game."))
            for i, seat in enumerate(self.seats):
                if seat is None:
                    self.seats[i] = Seat(name=self._computer_name(), level=self.config.level)
            self.session = self._new_session()
            self.settlement.session_id = None
            await self._deal()
            await self.changed_locked()
        self.kick()

    async def next_hand(self, user_id: int) -> None:
        async with self.lock:
            if self.status != BETWEEN:
                raise TableError(N_("The next hand can only be dealt when a hand has finished."))
            if self.seat_of(user_id) is None and user_id != self.host_id:
                raise NotSeated(N_("Only a seated player or the host can deal the next hand."))
            if self.closing:
                raise TableError(N_("This table closes after the hand that was just played; "
                                    "open a new one with /taroky new."))
            if not await self._pay():
                raise TableError(N_("The last hand could not be paid out yet; please try again in a moment."))
            if self.session.over:
                # A finished session: the next deal opens a new one from zero.
                self.session = self.session.next_session()
                self.settlement.session_id = None
            await self._deal()
            await self.changed_locked()
        self.kick()

    async def _deal(self) -> None:
        """Deal the session's next hand (lock held).

        The keeper opens the session in the store on its first deal (paying the pot
        seed, PT-4) and says what the pool holds; the session deals with it."""
        hand_no = self.hand_no + 1
        self.hand_players = [self.participant(i) for i in range(len(self.seats))]
        try:
            pool = await self.keeper.open_hand(self)
        except Exception:
            log.exception("Opening hand %d of table %s in the store failed", hand_no, self.id)
            raise TableError(N_(
                "The database is not available right now, so no cards were dealt; "
                "please try again in a moment."
            )) from None
        if pool is not None:
            self.session.pool = pool
        self.game = self.session.deal(rng=self.deals.rng(hand_no), deck=self.deals.deck(hand_no))
        # The fair-shuffle commitment: shown now, its salt revealed in the hand's record.
        self.deal_salt = self.deals.salt(hand_no)
        self.deal_commitment = deal_commitment(deck_names(self.game), self.deal_salt)
        self.dealer = self.game.dealer
        self.settlement.new_hand()
        self.hand_no = hand_no
        self.step = 0
        self.status = PLAYING
        self.last_result = None
        for seat in self.seats:
            if seat is not None:
                seat.away = False
                seat.stands_in_for = None  # (the hand a leaver was dealt is over)

    async def close(self) -> None:
        async with self.lock:
            self.status = CLOSED
            self._cancel_tasks()

    async def close_after_hand(self, user_id: int, name: str) -> bool:
        """``/taroky end`` by the member ``user_id``, called ``name``: during a hand the table closes only once the hand
        is played out and paid (a hand in play always ends paid, issue #29; a computer
        plays for whoever is away, as always).  True when the close waits for the hand;
        False when nothing is in play and the table may close now."""
        async with self.lock:
            if self.status != PLAYING:
                return False
            if not self.closing:
                self.closing = True
                self.closing_by, self.closing_by_id = name, user_id
                await self.changed_locked()
            return True

    # ------------------------------------------------------------------ annulling the hand in play
    async def annul(self) -> None:
        """``/taroky-admin annul``: the hand in play is annulled (nothing paid, the salt
        revealed in its record, marked annulled) and the table closes."""
        async with self.lock:
            if self.hand_in_play is None:
                raise TableError(N_("This channel's table has no hand in play to annul."))
            await self.annul_locked("admin")

    async def annul_before_close(self) -> None:
        """The table is closed by its keeper with a hand still in play (no command does
        that now: ``/taroky end`` waits for the hand): the hand is kept as annulled, so
        its salt is revealed however it ends (issue #29)."""
        async with self.lock:
            if self.hand_in_play is not None:
                await self.annul_locked("closed", close=False)

    async def annul_locked(self, how: str, *, close: bool = True) -> None:
        """The hand in play is annulled (lock held: an admin's :meth:`annul`, everyone's
        agreement to the :attr:`stop_request`, a close with the hand in play): kept as such
        by the keeper, then the table closes (by its keeper, once the lock is let go;
        ``close`` False: the keeper is closing it already)."""
        game = self.hand_in_play
        assert game is not None
        try:
            await self.keeper.annul(self, game, how)
        except Exception:
            log.exception("Keeping the annulled hand of table %s failed", self.id)
            raise TableError(N_("The database is not available right now, so the hand was not "
                                "annulled and goes on; please try again in a moment.")) from None
        self.annulled = how
        self.stop_request.end()
        self.closing = True  # (nobody is named: an annulled table's message says how it stopped)
        self.status = BETWEEN
        self._cancel_tasks()
        if close:
            self.keeper.close_after_hand(self)

    def _close_if_asked(self) -> None:
        """A table asked to close whose hand is over and paid closes now (by its keeper,
        once the lock is let go)."""
        if self.closing and self.status == BETWEEN and self.settlement.unpaid is None:
            self.keeper.close_after_hand(self)

    def close_if_asked(self) -> None:
        """After a restart: a table asked to close whose hand was paid closes now."""
        self._close_if_asked()

    async def end_session(self) -> SessionRecord | None:
        """Before the table closes: the hand it owes is paid (never thrown away), then
        its session is finished in the store; returns that session (for a summary)."""
        async with self.lock:
            if not await self._pay():
                raise TableError(N_(
                    "The last hand has not been paid yet (the database refused it), so the table "
                    "stays open; it is retried automatically. Try /taroky end again in a minute."
                ))
            try:
                return await self.keeper.stop_session(self)
            except Exception:
                log.exception("Finishing the session of table %s failed", self.id)
                return None

    def let_go(self) -> None:
        """Another process serves this table now: stop serving it here without touching
        it (no message edit, no save, no payment)."""
        self.output = NullOutput()
        self.keeper = Unkept()
        self.status = CLOSED
        self._cancel_tasks()

    def _cancel_tasks(self) -> None:
        self.stop_request.end()
        current = asyncio.current_task()
        for task in (self._driver, self._timer):
            if task is not None and task is not current and not task.done():
                task.cancel()
        # The task that ends the hand keeps its name until it is done (it still pays the
        # hand and posts the summary): whoever waits for the table waits for that too.
        self._driver = self._driver if self._driver is current else None
        self._timer = self._timer if self._timer is current else None
        self._timer_key = None

    # ------------------------------------------------------------------ playing
    def check_current(self, hand_no: int, step: int) -> None:
        """Raise :class:`StaleChoice` unless (hand_no, step) is the current moment."""
        if self.status != PLAYING or hand_no != self.hand_no:
            raise StaleChoice(N_("That panel belongs to an earlier hand; click My hand for a fresh one."))
        if step != self.step:
            raise StaleChoice(N_("That choice is no longer current (the game has moved on); here is your panel now."))

    def check_choice(self, user_id: int, hand_no: int, step: int, *, panel_seat: int | None = None) -> int:
        """The one check of a choice made on a panel: the user has a seat (the panel's,
        if it names one) and the panel shows the current moment.  Returns the seat;
        raises :class:`NotSeated` or :class:`StaleChoice` (one sentence)."""
        seat = self.require_seat(user_id)
        if panel_seat is not None and panel_seat != seat:
            raise StaleChoice(N_("That panel belongs to another seat; click My hand for yours."))
        self.check_current(hand_no, step)
        return seat

    async def act(self, user_id: int, hand_no: int, step: int, codes: list[str], *,
                  panel_seat: int | None = None) -> list[Event]:
        """A player's choice, from the click to the messages, top to bottom under the lock.

        Checked once under the lock: the seat (and that it is the panel's) and the
        moment (the hand and step the panel was drawn for), :meth:`check_choice`, and
        the turn; then the engine applies the choice
        (:meth:`_play`) and :meth:`_after_action` settles, saves and tells the output.
        Several codes (the cards of one discard) are taken all or none.  Raises
        :class:`TableError` or the engine's ``IllegalAction`` (the rule's sentence, in
        the player's language).
        """
        async with self.lock:
            seat = self.check_choice(user_id, hand_no, step, panel_seat=panel_seat)
            game = self.game
            assert game is not None
            if game.to_act != seat:
                raise TableError(N_("It's not your turn."))
            chair = self.seats[seat]
            if chair is not None:
                chair.away = False
            events = self._play(game, seat, [parse_action(code) for code in codes], self.seat_text(seat))
            await self._after_action()
        self.kick()
        return events

    def _play(self, game: Game, seat: int, actions: list[Action], t: Text) -> list[Event]:
        """The engine applies ``seat``'s choices (its turn was checked); the first one
        refused is the rule's sentence in ``t``'s language, and nothing is applied."""
        if len(actions) > 1:
            check_together(game, seat, actions, t)
        events: list[Event] = []
        for action in actions:
            if game.to_act != seat:
                break
            try:
                events.extend(game.act(seat, action))  # (the engine's one legality check)
            except IllegalAction as refusal:
                if events:
                    break
                raise IllegalAction(self.named(refusal_text(game, seat, action, refusal, t))) from None
            self.step += 1
            metrics.ACTIONS.labels(by="player").inc()
        return events

    async def _after_action(self) -> None:
        """After a move (the lock held), in order: a finished hand is booked by the
        session and paid (its payment saves the table's next state in the same
        transaction); otherwise, or when the payment failed, the table is saved; then
        the output shows the change (and the summaries of a finished hand)."""
        game = self.game
        assert game is not None
        self.used_at = time.time()
        saved = False
        if game.is_over:
            self.stop_request.end()  # (the hand ended by itself: nothing left to stop)
            self._book(game)
            saved = await self._pay()
        if not saved:
            await self._save()
        await self._show()
        if self.status == BETWEEN and self.last_result is not None:
            summary: int | None = None
            try:
                summary = await self.output.hand_finished(self, self.hand_no, self.last_result)
            except Exception:  # the hand is paid and saved: a lost summary changes nothing
                log.exception("Posting the summary of hand %s failed", self.hand_id)
            if summary is not None and self.settlement.unpaid is not None:
                # Its payment comes later (a retry, a restart): kept, so that the summary
                # then gets the Review button a paid hand's has.
                self.settlement.summary_id = summary
                await self._save()
            finished = self.settlement.finished_session
            if self.session.over and finished is not None:
                try:
                    await self.output.session_finished(self, finished)
                except Exception:
                    log.exception("Posting the session summary of table %s failed", self.id)
        self._close_if_asked()

    async def _pay(self) -> bool:
        """One attempt to pay the hand the table owes (lock held): the keeper pays it
        and saves the table's next state in one transaction, and the settlement counts
        a failure and plans the next attempt.  True when nothing is owed any more."""
        game = self.settlement.unpaid
        if game is None:
            return True
        retry = self.settlement.failures > 0
        try:
            paid = await self.keeper.settle(self, game)
        except Exception:
            log.exception("Settling hand %s failed; it will be retried", self.hand_id)
            paid = False
        if not paid:
            metrics.SETTLEMENT_FAILURES.inc()
        if retry:
            metrics.SETTLEMENT_RETRIES.labels(outcome="paid" if paid else "failed").inc()
        summary = self.settlement.summary_id
        self.settlement.attempted(paid, self.hand_id)
        if paid and summary is not None:
            try:
                await self.output.hand_paid(self, summary)
            except Exception:  # the hand is paid: a summary left without its button changes nothing
                log.exception("Showing the summary of hand %s as paid failed", self.hand_id)
        return paid

    async def settle_unpaid(self) -> bool:
        """One attempt, now, to pay the hand the table owes (after a restart); True when
        nothing is owed any more."""
        async with self.lock:
            return await self._pay()

    async def retry_settlement(self) -> bool:
        """An admin's retry of the unpaid hand, now (one attempt): True when it is paid
        (or nothing was unpaid)."""
        async with self.lock:
            if self.settlement.unpaid is None:
                return True
            paid = await self._pay()
            if not paid:
                await self._save()
            await self._show()
            if paid:
                self._close_if_asked()
            return paid

    async def retry_due_settlement(self) -> None:
        """The sweeper's visit (every ``SETTLE_SWEEP`` seconds, the bot's one task for
        all tables): one attempt to pay the unpaid hand if its planned time has come."""
        if not self.settlement.take_due():
            return
        async with self.lock:
            if self.settlement.unpaid is None or self.status == CLOSED:
                return
            if await self._pay():
                log.info("Hand %s is paid (after a retry)", self.hand_id)
                await self._show()
                self._close_if_asked()
            elif self.settlement.given_up:
                await self._show()  # the table message says an admin must look

    def _book(self, game: Game) -> None:
        """The hand is over: the session books it (totals, pool, who deals next, whether
        the session is over) and the table waits between hands."""
        self.session.record(game)
        metrics.HANDS.labels(variant=self.config.variant).inc()
        self.last_result = game.result
        self.status = BETWEEN
        self._cancel_tasks()
        self.settlement.owe(game)

    async def changed_locked(self) -> None:
        """The seats, the lobby or the request to stop changed (lock held): save, then show."""
        self.active_at = time.monotonic()
        self.used_at = time.time()
        await self._save()
        await self._show()

    async def _save(self) -> None:
        try:
            await self.keeper.save(self)
        except Exception:  # persistence must never break the game
            log.exception("Saving table %s failed", self.id)

    async def _show(self) -> None:
        try:
            await self.output.table_changed(self)
        except Exception:
            log.exception("Updating the messages of table %s failed", self.id)

    # ------------------------------------------------------------------ game loop
    def kick(self) -> None:
        """Make sure computer turns run and the absence timer watches the human to act
        (and, after a restart, that a request to stop still waits only its time)."""
        if self.status != PLAYING or self.game is None:
            return
        self.stop_request.resume()
        if self._driver is None or self._driver.done():
            self._driver = asyncio.get_running_loop().create_task(
                self._drive(), name=f"taroky-table-{self.id}-driver"
            )

    async def _drive(self) -> None:
        try:
            while True:
                game = self.game
                if self.status != PLAYING or game is None or game.to_act is None:
                    return
                seat_no = game.to_act
                seat = self.seats[seat_no]
                if seat is not None and not seat.computer_plays:
                    self._arm_timer()
                    return
                if self.timings.ai_delay > 0:
                    await asyncio.sleep(self.timings.ai_delay)
                async with self.lock:
                    if self.game is not game or game.to_act != seat_no or self.status != PLAYING:
                        continue
                    seat = self.seats[seat_no]
                    if seat is not None and not seat.computer_plays:
                        continue
                    await self._computer_turn(game, seat_no)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("The game loop of table %s failed", self.id)

    async def _computer_turn(self, game: Game, seat_no: int) -> None:
        game.act(seat_no, await self.computer_choice(game, seat_no))
        self.step += 1
        metrics.ACTIONS.labels(by="computer").inc()
        await self._after_action()

    async def computer_choice(self, game: Game, seat_no: int) -> Action:
        """What the computer player in ``seat_no`` chooses now, at its level (a lesson
        arranges some choices: ``bot.tables.lesson``)."""
        seat = self.seats[seat_no]
        level = (seat.level if seat is not None else None) or self.config.level
        choice = await choose_off_loop(level, game, seat_no, decision_seed(self.hand_no, self.step),
                                       levels=self.computer_levels())
        return choice.action

    def computer_levels(self) -> dict[int, str]:
        """The level of each computer seat (the strong player models them by it; humans,
        an away one too, as normal players)."""
        return {i: (s.level if s is not None else None) or self.config.level
                for i, s in enumerate(self.seats) if s is None or s.is_computer}

    def _arm_timer(self) -> None:
        key = (self.hand_no, self.step)
        if self._timer_key == key and self._timer is not None and not self._timer.done():
            return
        if self._timer is not None and not self._timer.done():
            self._timer.cancel()
        self._timer_key = key
        self.turn_started = time.monotonic()
        self._timer = asyncio.get_running_loop().create_task(
            self._absence_timer(key), name=f"taroky-table-{self.id}-timer"
        )

    async def _absence_timer(self, key: tuple[int, int]) -> None:
        try:
            await asyncio.sleep(self.timings.reminder_after)
            if (self.hand_no, self.step) != key or self.status != PLAYING or self.game is None:
                return
            seat_no = self.game.to_act
            if seat_no is None:
                return
            with contextlib.suppress(Exception):
                await self.output.remind(self, seat_no)
            await asyncio.sleep(self.timings.takeover_after)
            async with self.lock:
                game = self.game
                if (self.hand_no, self.step) != key or self.status != PLAYING or game is None:
                    return
                if game.to_act != seat_no:
                    return
                seat = self.seats[seat_no]
                if seat is not None:
                    seat.away = True
                self._timer_key = None
                await self._computer_turn(game, seat_no)
            self.kick()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("The absence timer of table %s failed", self.id)

    def takeover_in(self) -> float | None:
        """Seconds until a computer plays for the human to act (the absence timer's
        reminder and takeover pauses), or None when no human is waited for."""
        game = self.game
        if self.status != PLAYING or game is None or game.to_act is None:
            return None
        seat = self.seats[game.to_act]
        if seat is None or seat.computer_plays:
            return None
        now = time.monotonic()
        armed = self._timer_key == (self.hand_no, self.step) and self.turn_started is not None
        started = self.turn_started if armed and self.turn_started is not None else now
        return max(0.0, started + self.timings.reminder_after + self.timings.takeover_after - now)

    def mark_back(self, user_id: int) -> bool:
        """The player opened their panel: the computer stops playing for them."""
        seat = self.seat_of(user_id)
        if seat is None:
            return False
        s = self.seats[seat]
        if s is not None and s.away:
            s.away = False
            self.kick()
            return True
        return False

    # ------------------------------------------------------------------ persistence
    def to_state(self, *, paid: bool = False) -> dict[str, Any]:
        """A JSON-able snapshot from which :meth:`from_state` rebuilds the table
        (``paid``: as it stands once the payment it is saved with commits)."""
        return {
            "id": self.id,
            "guild_id": self.guild_id,
            "channel_id": self.channel_id,
            "host_id": self.host_id,
            # (``vars``, not ``dataclasses.asdict``: asdict deep-copies field by field and
            # was a fifth of this snapshot, taken at every action; the fields are plain
            # values but the house rules' dict, copied here)
            "config": {**vars(self.config), "options": dict(self.config.options)},
            "seats": [dict(vars(s)) if s is not None else None for s in self.seats],
            "status": self.status,
            "hand_no": self.hand_no,
            "step": self.step,
            "dealer": self.dealer,
            "message_id": self.message_id,
            "game": self.game.to_record() if self.game is not None and self.status == PLAYING else None,
            "hand_players": list(self.hand_players),
            "session": self.session.to_dict(),
            **self.settlement.to_state(paid=paid),
            "deal_commitment": self.deal_commitment,
            "deal_salt": self.deal_salt,
            "closing": self.closing,
            "closing_by": self.closing_by,
            "closing_by_id": self.closing_by_id,
            **self.stop_request.to_state(),
            "used_at": self.used_at,
            "forgettings_applied": sorted(self.forgettings_applied),
        }

    @classmethod
    def from_state(
        cls,
        state: dict[str, Any],
        *,
        deals: Deals | None = None,
        timings: TableTimings | None = None,
        output: TableOutput | None = None,
        keeper: TableKeeper | None = None,
    ) -> Table:
        """Rebuild a saved table; also reads snapshots from before the table kept an
        engine session (running totals in ``scores``, ``session_deals``, ...)."""
        table = cls(
            guild_id=int(state["guild_id"]),
            channel_id=int(state["channel_id"]),
            host_id=int(state["host_id"]),
            config=TableConfig.from_state(state["config"]),
            deals=deals,
            timings=timings,
            output=output,
            keeper=keeper,
            table_id=str(state["id"]),
        )
        table.seats = [Seat(**s) if s is not None else None for s in state["seats"]]
        table.status = state["status"]
        table.hand_no = int(state["hand_no"])
        table.step = int(state["step"])
        table.dealer = int(state["dealer"])
        table.message_id = state.get("message_id")
        table.deal_commitment = state.get("deal_commitment")
        table.deal_salt = state.get("deal_salt")
        table.closing = bool(state.get("closing", False))
        used_at = state.get("used_at")
        table.used_at = float(used_at) if used_at is not None else None
        table.forgettings_applied = {int(seq) for seq in state.get("forgettings_applied") or []}
        cb, cb_id = state.get("closing_by"), state.get("closing_by_id")
        if cb is not None and cb_id is not None:  # (a name kept without its id could not be forgotten)
            table.closing_by, table.closing_by_id = str(cb), int(cb_id)
        table.hand_players = [int(p) for p in state.get("hand_players") or []]
        table.settlement = Settlement.from_state(state)
        if state.get("game") is not None:
            table.game = replay_record(state["game"])
        elif table.status == PLAYING:
            table.status = BETWEEN
        if table.status == PLAYING:  # (a request to stop waits on across a restart, issue #29)
            table.stop_request.restore(state)
        saved = state.get("session")
        if saved is not None:
            table.session = Session.from_dict(saved)
        else:  # (a snapshot from before the table kept its session)
            table.session = session_from_old_state(state, table._new_session(), playing=table.status == PLAYING,
                                                   dealer=table.dealer, game=table.game)
        return table

    def idle_since(self, now: float) -> float:
        """Seconds (of ``time.time``) this saved table has waited for anyone: 0 for a
        table in play or owing a hand (start-up always restores those), else since it
        was last used (a snapshot from before tables kept that date: 0)."""
        if self.status == PLAYING or self.settlement.unpaid is not None or self.used_at is None:
            return 0.0
        return max(0.0, now - self.used_at)

    # ------------------------------------------------------------------ explanations
    def prepared_hint(self, seat: int) -> str | None:
        """A hint this table has prepared for ``seat`` (a lesson's advice), or None: the
        strongest computer player is asked (``bot.tables.advice.hint``)."""
        return None
