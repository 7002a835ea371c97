"""Every button and select a table shows: one :class:`discord.ui.DynamicItem` per kind.

Each kind builds its own custom id and parses it back with its ``template`` (nothing
else reads these ids), checks in ``interaction_check`` that the click still applies —
the table is open, the user has a seat, the seat is the panel's, the hand and step are
the current ones — and answers a click that does not with one plain ephemeral sentence,
changing nothing.  A choice (an action button or select, "Yes, say it") is checked by
the table's one check (:meth:`bot.tables.table.Table.check_choice`): here, to answer a
stale click at once without waiting for the table's lock, and in ``Table.act`` under the
lock, where it decides (with whose turn it is).

The ids are those the bot has always sent, so messages drawn before a restart keep
working: ``tk:<kind letter>:<table>[:s<seat>][:<hand>:<step>][:<code>]``.  The seat part
is new (panels drawn before it was added simply do not check it).  The item classes are
registered once with ``bot.add_dynamic_items`` (:data:`TABLE_COMPONENTS`); nothing is
stored per message or per click.

The items reach the bot's tables and output through :class:`TableClient`, the base
class of the bot, so this module imports nothing above ``bot.tables``.
"""

from __future__ import annotations

import logging
import math
import re
from typing import Any, ClassVar

import discord

from bot import metrics
from bot.engine.actions import Action
from bot.engine.errors import TarokyError
from bot.i18n import N_, Text
from bot.tables import advice, words
from bot.tables.errors import StaleChoice, TableError
from bot.tables.table import LOBBY, PLAYING, Table
from cogs.ui.client import TableClient, table_client

log = logging.getLogger(__name__)

_TABLE = r"(?P<table>[0-9a-f]{1,16})"
_SEAT = r"(?::s(?P<seat>\d))?"
_MOMENT = r":(?P<hand>\d+):(?P<step>\d+)"

LOBBY_CHOICES = ("join", "leave", "ai", "level", "teach", "start")


# ----------------------------------------------------------------------- replies
def user_error(error: BaseException) -> str | None:
    """The sentence to show for a user's mistake, or None for a bug."""
    if isinstance(error, discord.app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, (TableError, TarokyError)):
        return error.message
    return None


#: Discord refuses a message longer than 2,000 characters.
MESSAGE_LIMIT = 2000


def fit(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` cut to what Discord accepts in one message."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


async def reply(interaction: discord.Interaction, text: str) -> None:
    """Answer ephemerally, whether or not the interaction was already acknowledged."""
    text = fit(text)
    if interaction.response.type is discord.InteractionResponseType.deferred_channel_message:
        # Deferred with "thinking…": the answer replaces the placeholder.
        await interaction.edit_original_response(content=text)
    elif interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def reply_error(interaction: discord.Interaction, error: BaseException) -> None:
    """The one place user errors become ephemeral sentences (bugs are logged), in the
    reader's language where the sentence has a translation."""
    text = user_error(error)
    original = error.original if isinstance(error, discord.app_commands.CommandInvokeError) else error
    if isinstance(original, TableError) and isinstance(interaction.client, TableClient):
        text = original.text(await interaction.client.languages.for_reader(interaction))
    t = (await interaction.client.languages.for_reader(interaction)
         if isinstance(interaction.client, TableClient) else Text())
    if isinstance(original, TarokyError) and original.msg is not None:
        text = original.say(t)  # (an engine refusal said as a message: an option, a bound)
    if isinstance(error, discord.app_commands.CommandOnCooldown):  # (issue #29: a bound hit)
        text = t.ngettext("Not so fast: you can use this command again in {n} second.",
                          "Not so fast: you can use this command again in {n} seconds.",
                          math.ceil(error.retry_after))
    if text is None:
        log.exception("Unexpected error in an interaction", exc_info=error)
        text = t._("Something went wrong on my side. Please try again.")
    try:
        await reply(interaction, text)
    except discord.HTTPException:
        # The reply itself was refused (too long, a hiccup): a short one, once more.
        log.warning("Could not deliver an error reply: %s", fit(text, 200))
        try:
            await reply(interaction, t._("That did not work, and I could not say why here. Please try again."))
        except discord.HTTPException:
            log.warning("Could not deliver the short error reply either")


#: The longest name the bot repeats (Discord's own limit for a display name).
NAME_LIMIT = 32
#: The longest other text a player typed (a rules topic, a house rule) the bot repeats.
ECHO_LIMIT = 40


def echo(text: str, limit: int = ECHO_LIMIT) -> str:
    """The one place a text a player typed is made fit to repeat (issues #15, #29): at
    most ``limit`` characters, its markdown (bold, masked links, code) and its mentions
    (``@everyone``) escaped, so it shows as typed and cannot reshape or outgrow a reply.
    Every name, topic or value the bot repeats passes through here."""
    clipped = text if len(text) <= limit else text[: limit - 1] + "…"
    return discord.utils.escape_mentions(discord.utils.escape_markdown(clipped))


def display_name(user: discord.abc.User) -> str:
    """A member's name as the table's messages and embeds show it (:func:`echo`)."""
    return echo(user.display_name or user.name, NAME_LIMIT)


async def note_reader(interaction: discord.Interaction, table: Table) -> Text:
    """The clicking user's language (issue #14), noted on their seat for the panels and
    replies the table sends them later; the server's language noted on the table for its
    public message.  Returns the user's."""
    client = table_client(interaction)
    t = await client.languages.for_reader(interaction)
    if table.public_language_is_the_servers:
        table.config.lang = (await client.languages.for_guild(interaction.guild)).lang
    else:
        table.config.lang = t.lang
    seat = table.seat_of(interaction.user.id)
    chair = table.seats[seat] if seat is not None else None
    if chair is not None:
        chair.lang = t.lang
    return t


# ----------------------------------------------------------------------- the checks
def let_go(view: discord.ui.View) -> None:
    """A view of dynamic items (every table component is one), once sent or clicked, is
    not used again: discord.py stores nothing of it per message (only its items'
    classes, to answer any message's click).  A view and its items refer to each other,
    so reference counting alone cannot free them and every one waited for the
    collector, a dozen objects a view, two or three views an action (issue #33).
    Without its items it goes at once."""
    view.clear_items()


class TableComponent:
    """The checks and the error handling every table component shares.

    A concrete kind sets what its id carries (``seat``, ``hand``, ``step``) and says
    what its click does in :meth:`clicked`.
    """

    #: The user must have a seat at the table (lobby and Deal buttons do not ask).
    needs_seat: ClassVar[bool] = True
    #: An id with (hand, step) must show the current step, not only the current hand.
    checks_step: ClassVar[bool] = True

    table_id: str
    seat: int | None = None  # the seat a panel was drawn for
    hand: int | None = None
    step: int | None = None
    _table: Table  # found by interaction_check, used by callback (one click's item)
    _t: Text  # the clicking user's language

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """True when the click still applies; otherwise one sentence, nothing changed."""
        try:
            self._table = self.current_table(interaction)
        except TableError as error:
            await reply(interaction, error.text(await table_client(interaction).languages.for_reader(interaction)))
            return False
        self._t = await note_reader(interaction, self._table)
        return True

    def current_table(self, interaction: discord.Interaction) -> Table:
        table = table_client(interaction).tables.by_id(interaction.channel_id or 0, self.table_id)
        if self.needs_seat and self.checks_step and self.hand is not None and self.step is not None:
            # A choice: answered at once when stale (the table's own check, which
            # ``Table.act`` makes again under its lock, where it decides).
            table.check_choice(interaction.user.id, self.hand, self.step, panel_seat=self.seat)
            return table
        if self.needs_seat:
            seat = table.require_seat(interaction.user.id)
            if self.seat is not None and seat != self.seat:
                raise StaleChoice(N_("That panel belongs to another seat; click My hand for yours."))
        if self.hand is not None and self.step is not None:
            if self.checks_step:
                table.check_current(self.hand, self.step)
            elif table.status != PLAYING or self.hand != table.hand_no:
                raise StaleChoice(N_("That panel belongs to an earlier hand; click My hand for a fresh one."))
        return table

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self.clicked(interaction, self._table)
        except Exception as error:
            await reply_error(interaction, error)
        finally:
            # (the view discord.py built from the clicked message for this click: done with)
            if isinstance(self, discord.ui.Item) and self.view is not None:
                let_go(self.view)

    async def clicked(self, interaction: discord.Interaction, table: Table) -> None:
        raise NotImplementedError


def _seat_part(seat: int | None) -> str:
    return "" if seat is None else f":s{seat}"


def _optional(value: str | None) -> int | None:
    return None if value is None else int(value)


# ----------------------------------------------------------------------- lobby
class LobbyButton(
    TableComponent,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=rf"tk:l:{_TABLE}:(?P<what>join|leave|ai|level|teach|start)",
):
    """Join, Leave, Add computer and Start on the lobby message."""

    needs_seat = False
    LABELS: ClassVar[dict[str, tuple[str, discord.ButtonStyle]]] = {
        "join": (N_("Join"), discord.ButtonStyle.success),
        "leave": (N_("Leave"), discord.ButtonStyle.secondary),
        "ai": (N_("Add computer"), discord.ButtonStyle.secondary),
        "level": (N_("Computer level"), discord.ButtonStyle.secondary),
        "teach": (N_("Teach mode"), discord.ButtonStyle.secondary),
        "start": (N_("Start"), discord.ButtonStyle.primary),
    }

    def __init__(self, table_id: str, what: str, t: Text | None = None) -> None:
        label, style = self.LABELS[what]
        label = (t or Text())._(label)
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"tk:l:{table_id}:{what}"))
        self.table_id, self.what = table_id, what

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(match["table"], match["what"])

    async def clicked(self, interaction: discord.Interaction, table: Table) -> None:
        user, t = interaction.user, self._t
        # Acknowledge first: joining saves, edits the table message and refreshes panels,
        # which a rate limit can stretch past Discord's three seconds (issue #15).
        await interaction.response.defer(ephemeral=True, thinking=True)
        if self.what == "join":
            seat = await table.join(user.id, display_name(user), lang=t.lang)
            await reply(interaction, t._("You sit in seat {seat}.", seat=seat + 1))
        elif self.what == "leave":
            await table.leave(user.id)
            await reply(interaction, left_text(table, t))
        elif self.what == "ai":
            if table.seat_of(user.id) is None and user.id != table.host_id:
                raise TableError(N_("Only seated players can add computer players."))
            seat = await table.add_computer()
            await reply(interaction, t._("A computer player sits in seat {seat}.", seat=seat + 1))
        elif self.what == "level":
            if table.seat_of(user.id) is None and user.id != table.host_id:
                raise TableError(N_("Only seated players can choose how well computers play."))
            level = await table.next_level()
            await reply(interaction, t._("Computer players added from now on play at level **{level}**.",
                                         level=t._(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level))
        elif self.what == "teach":
            if table.seat_of(user.id) is None and user.id != table.host_id:
                raise TableError(N_("Only seated players can switch teach mode."))
            on = await table.toggle_teach()
            await reply(interaction, words.teach_text(table, t) if on else t._("Teach mode is off."))
        else:
            await table.start(user.id)
            await interaction.edit_original_response(content=dealt_text(t))


#: The computer levels as a player reads them (``bot.ai.players.LEVELS``).
LEVEL_NAMES = {"easy": N_("easy"), "normal": N_("normal"), "strong": N_("strong")}


def dealt_text(t: Text) -> str:
    return t._("The cards are dealt. Click **My hand** to see yours.")


def left_text(table: Table, t: Text | None = None) -> str:
    """The leaver's answer, after :meth:`Table.leave`: a lobby seat freed, a chair a
    computer plays on, or — when the leaver was the last seated player yet to agree to a
    request to stop the hand — the hand stopped (annulled: nobody pays; the table closes),
    or, if the database did not keep that, the hand going on until they agree again."""
    t = t or Text()
    if table.status == LOBBY:
        return t._("You left the table.")
    if table.annulled is not None:
        return t._("You left the table. Everyone else seated had agreed to stop this hand, so it is "
                   "stopped: nobody pays for it, and the table closes.")
    if table.stop_request.is_not_kept():  # (the database refused the annulment, logged)
        return t._("You left the table; a computer plays your seat from now on. Everyone else seated has "
                   "agreed to stop this hand, but the database did not take the stop just now: the hand "
                   "stops if they agree again, otherwise it is played out and you pay or are paid as the "
                   "cards fall.")
    return t._("You left the table; a computer plays your seat from now on.")


# ----------------------------------------------------------------------- table message
class MyHandButton(
    TableComponent,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=rf"tk:h:{_TABLE}",
):
    """"My hand" on the table message: opens the player's private panel."""

    def __init__(self, table_id: str, t: Text | None = None) -> None:
        super().__init__(
            discord.ui.Button(label=(t or Text())._("My hand"), style=discord.ButtonStyle.primary,
                              custom_id=f"tk:h:{table_id}")
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MyHandButton:
        return cls(match["table"])

    async def clicked(self, interaction: discord.Interaction, table: Table) -> None:
        await table_client(interaction).output.show_panel(interaction, table)


class NextHandButton(
    TableComponent,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=rf"tk:n:{_TABLE}",
):
    """"Deal the next hand" on the table message between hands."""

    needs_seat = False  # the host may deal too; Table.next_hand decides

    def __init__(self, table_id: str, t: Text | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=(t or Text())._("Deal the next hand"), style=discord.ButtonStyle.success,
                custom_id=f"tk:n:{table_id}"
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> NextHandButton:
        return cls(match["table"])

    async def clicked(self, interaction: discord.Interaction, table: Table) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await table.next_hand(interaction.user.id)
        await interaction.edit_original_response(
            content=self._t._("A new hand is dealt. Click **My hand** to see your cards."))


class StopVoteButton(
    TableComponent,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=rf"tk:v:{_TABLE}:(?P<hand>\d{{1,9}}):(?P<vote>yes|no)",
):
    """"Agree to stop now" / "Keep playing" on the table message while a player asks to
    stop the hand in play at once (issue #29): it stops only if every seated player agrees."""

    def __init__(self, table_id: str, hand: int, agree: bool, t: Text | None = None) -> None:
        t = t or Text()
        super().__init__(
            discord.ui.Button(
                label=t._("Agree to stop now") if agree else t._("Keep playing"),
                style=discord.ButtonStyle.danger if agree else discord.ButtonStyle.success,
                custom_id=f"tk:v:{table_id}:{hand}:{'yes' if agree else 'no'}",
            )
        )
        self.table_id, self.vote_hand, self.agree = table_id, hand, agree

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> StopVoteButton:
        return cls(match["table"], int(match["hand"]), match["vote"] == "yes")

    async def clicked(self, interaction: discord.Interaction, table: Table) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        stopped = await table.stop_request.answer(interaction.user.id, self.vote_hand, self.agree)
        t = self._t
        if stopped:
            text = t._("Everyone agreed: the hand is annulled (nobody pays or is paid for it) and the table closes.")
        elif self.agree:
            text = t._("You agreed to stop this hand now; it stops once every seated player agrees.")
        else:
            text = t._("You chose to keep playing: the hand goes on.")
        await interaction.edit_original_response(content=text)


# ----------------------------------------------------------------------- private panel
class RefreshButton(
    TableComponent,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=rf"tk:r:{_TABLE}{_SEAT}",
):
    """"Refresh" on a panel: draws the panel again as the game stands now."""

    def __init__(self, table_id: str, seat: int | None, *, row: int | None = None, t: Text | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=(t or Text())._("Refresh"), style=discord.ButtonStyle.secondary,
                custom_id=f"tk:r:{table_id}{_seat_part(seat)}", row=row,
            )
        )
        self.table_id, self.seat = table_id, seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RefreshButton:
        return cls(match["table"], _optional(match["seat"]))

    async def clicked(self, interaction: discord.Interaction, table: Table) -> None:
        await table_client(interaction).output.show_panel(interaction, table, edit=True)


class WhyButton(
    TableComponent,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=rf"tk:w:{_TABLE}{_SEAT}{_MOMENT}",
):
    """"Why?" on a panel: the rules behind the choices the player has now."""

    checks_step = False  # it explains the moment as it is; only an earlier hand is stale

    def __init__(self, table_id: str, seat: int | None, hand: int, step: int, *, row: int | None = None,
                 t: Text | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=(t or Text())._("Why?"), style=discord.ButtonStyle.secondary,
                custom_id=f"tk:w:{table_id}{_seat_part(seat)}:{hand}:{step}", row=row,
            )
        )
        self.table_id, self.seat, self.hand, self.step = table_id, seat, hand, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> WhyButton:
        return cls(match["table"], _optional(match["seat"]), int(match["hand"]), int(match["step"]))

    async def clicked(self, interaction: discord.Interaction, table: Table) -> None:
        await reply(interaction, await advice.why(table, table.require_seat(interaction.user.id)))


class HintButton(
    TableComponent,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=rf"tk:i:{_TABLE}{_SEAT}{_MOMENT}",
):
    """"Hint" on a panel in teach mode: what a computer player would choose, and why."""

    def __init__(self, table_id: str, seat: int | None, hand: int, step: int, *, row: int | None = None,
                 t: Text | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=(t or Text())._("Hint"), style=discord.ButtonStyle.secondary,
                custom_id=f"tk:i:{table_id}{_seat_part(seat)}:{hand}:{step}", row=row,
            )
        )
        self.table_id, self.seat, self.hand, self.step = table_id, seat, hand, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HintButton:
        return cls(match["table"], _optional(match["seat"]), int(match["hand"]), int(match["step"]))

    async def clicked(self, interaction: discord.Interaction, table: Table) -> None:
        if not table.config.teach:
            raise TableError(N_("Hints are only given at tables opened in teach mode."))
        await reply(interaction, await advice.hint(table, table.require_seat(interaction.user.id)))


class ActionButton(
    TableComponent,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=rf"tk:a:{_TABLE}{_SEAT}{_MOMENT}:(?P<code>\S{{1,60}})",
):
    """One legal choice on a panel (a bid, a card to call or play, ...): the engine
    action's ``code`` is in the id."""

    def __init__(
        self, table_id: str, seat: int | None, hand: int, step: int, code: str, *,
        label: str = "", style: discord.ButtonStyle = discord.ButtonStyle.secondary, row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80] or None, style=style,
                custom_id=f"tk:a:{table_id}{_seat_part(seat)}:{hand}:{step}:{code}", row=row,
            )
        )
        self.table_id, self.seat, self.hand, self.step, self.code = table_id, seat, hand, step, code
        self.at = (hand, step)

    @classmethod
    def of(cls, table: Table, seat: int, action: Action, style: discord.ButtonStyle, row: int,
           t: Text | None = None) -> ActionButton:
        """The button for ``action`` on ``seat``'s panel as the table stands now, in
        ``t``'s language (the player's)."""
        label = words.label(table, action, t or words.seat_text(table, seat))
        return cls(table.id, seat, table.hand_no, table.step, action.code, label=label, style=style, row=row)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActionButton:
        return cls(match["table"], _optional(match["seat"]), int(match["hand"]), int(match["step"]), match["code"])

    async def clicked(self, interaction: discord.Interaction, table: Table) -> None:
        if table.config.teach and table.confirms_costly_choices:
            question = words.confirmation(table, self.seat, self.code)
            if question is not None:  # teach mode: a costly promise is asked about first
                view = discord.ui.View(timeout=None)
                view.add_item(ConfirmButton(self.table_id, self.seat, self.hand or 0, self.step or 0, self.code,
                                            self._t))
                view.add_item(CancelButton(self.table_id, self._t))
                await interaction.response.send_message(question, view=view, ephemeral=True)
                return
        await act(interaction, table, self.seat, self.at, [self.code])


class ConfirmButton(
    TableComponent,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=rf"tk:c:{_TABLE}{_SEAT}{_MOMENT}:(?P<code>\S{{1,60}})",
):
    """"Yes, say it" under teach mode's question before a costly announcement or double."""

    def __init__(self, table_id: str, seat: int | None, hand: int, step: int, code: str,
                 t: Text | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=(t or Text())._("Yes, say it"), style=discord.ButtonStyle.danger,
                custom_id=f"tk:c:{table_id}{_seat_part(seat)}:{hand}:{step}:{code}",
            )
        )
        self.table_id, self.seat, self.hand, self.step, self.code = table_id, seat, hand, step, code

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ConfirmButton:
        return cls(match["table"], _optional(match["seat"]), int(match["hand"]), int(match["step"]), match["code"])

    async def clicked(self, interaction: discord.Interaction, table: Table) -> None:
        await interaction.response.edit_message(content=self._t._("Said."), view=None)
        hand, step = self.hand or 0, self.step or 0
        await table.act(interaction.user.id, hand, step, [self.code], panel_seat=self.seat)


class CancelButton(
    TableComponent,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=rf"tk:x:{_TABLE}",
):
    """"No" under teach mode's question: nothing is said."""

    needs_seat = False

    def __init__(self, table_id: str, t: Text | None = None) -> None:
        super().__init__(
            discord.ui.Button(label=(t or Text())._("No"), style=discord.ButtonStyle.secondary,
                              custom_id=f"tk:x:{table_id}")
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> CancelButton:
        return cls(match["table"])

    async def clicked(self, interaction: discord.Interaction, table: Table) -> None:
        await interaction.response.edit_message(
            content=self._t._("Nothing was said; choose again on your panel."), view=None)


class ActionSelect(
    TableComponent,
    discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
    template=rf"tk:s:{_TABLE}{_SEAT}{_MOMENT}:(?P<kind>[a-z]{{1,16}})",
):
    """A select of choices of one kind on a panel (the cards to discard; a long list of
    cards to play); its values are engine action codes."""

    def __init__(
        self, table_id: str, seat: int | None, hand: int, step: int, kind: str, *,
        options: list[discord.SelectOption] | None = None, placeholder: str | None = None,
        min_values: int = 1, max_values: int = 1, row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"tk:s:{table_id}{_seat_part(seat)}:{hand}:{step}:{kind}",
                options=options or [discord.SelectOption(label="-")],
                placeholder=placeholder, min_values=min_values, max_values=max_values, row=row,
            )
        )
        self.table_id, self.seat, self.hand, self.step, self.kind = table_id, seat, hand, step, kind
        self.at = (hand, step)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActionSelect:
        return cls(match["table"], _optional(match["seat"]), int(match["hand"]), int(match["step"]), match["kind"])

    async def clicked(self, interaction: discord.Interaction, table: Table) -> None:
        await act(interaction, table, self.seat, self.at, list(self.item.values))


async def act(interaction: discord.Interaction, table: Table, seat: int | None, at: tuple[int, int],
              codes: list[str]) -> None:
    """Apply a choice on ``seat``'s panel drawn at (hand, step): acknowledge at once (an
    update of the panel), then let the table act (``Table.act``: the seat, the moment and
    the turn checked once, under its lock); the output refreshes this panel through the
    interaction remembered here."""
    await interaction.response.defer()
    metrics.click_acked(interaction.channel_id or 0, interaction.created_at.timestamp())
    table_client(interaction).output.remember_panel(table, interaction.user.id, interaction)
    hand, step = at
    await table.act(interaction.user.id, hand, step, codes, panel_seat=seat)


#: Every kind, for ``bot.add_dynamic_items`` (their templates never match the same id).
TABLE_COMPONENTS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    MyHandButton,
    NextHandButton,
    RefreshButton,
    WhyButton,
    HintButton,
    ActionButton,
    ActionSelect,
    ConfirmButton,
    CancelButton,
    StopVoteButton,
)
