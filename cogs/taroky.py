"""/taroky commands and the table's buttons: thin translation of clicks into table calls.

Every user error (a :class:`bot.tables.errors.TableError` or the engine's
``TarokyError``) becomes one ephemeral sentence in :func:`reply_error`; nothing
changes.  Components are :class:`discord.ui.DynamicItem` s whose custom ids carry the
table id (and hand and step for game choices), so they keep working after a restart.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.ai import choose_action
from bot.tables import ids
from bot.tables.errors import StaleChoice, TableError
from bot.tables.messages import lobby_message, panel_message, table_message
from bot.tables.rules import rules_text, rules_topics
from bot.tables.table import BETWEEN, LOBBY, PLAYING, Table, TableConfig
from cogs import records

if TYPE_CHECKING:
    from bot.app import TarokyBot

log = logging.getLogger(__name__)


def _user_error(error: BaseException) -> str | None:
    """The sentence to show for a user's mistake, or None for a bug."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, TableError):
        return error.message
    try:
        from bot.engine.errors import TarokyError
    except ImportError:  # pragma: no cover - engine not installed
        return None
    if isinstance(error, TarokyError):
        return error.message
    return None


async def reply(interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
    """Answer ephemerally, whether or not the interaction was already acknowledged."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)


async def reply_error(interaction: discord.Interaction, error: BaseException) -> None:
    """The one place user errors become ephemeral sentences (bugs are logged)."""
    text = _user_error(error)
    if text is None:
        log.exception("Unexpected error in an interaction", exc_info=error)
        text = "Something went wrong on my side; the table is unchanged. Please try again."
    try:
        await reply(interaction, text)
    except discord.HTTPException:
        log.warning("Could not deliver an error reply: %s", text)


F = TypeVar("F", bound=Callable[..., Awaitable[None]])


def guarded(func: F) -> F:
    """Decorate a command callback so user errors become ephemeral sentences here,
    instead of reaching the tree's error handler (which is for bugs)."""

    @functools.wraps(func)
    async def wrapper(self: Any, interaction: discord.Interaction, *args: Any, **kwargs: Any) -> None:
        try:
            await func(self, interaction, *args, **kwargs)
        except Exception as error:
            if _user_error(error) is None:
                raise
            await reply_error(interaction, error)

    return cast(F, wrapper)


def _bot(interaction: discord.Interaction) -> TarokyBot:
    return interaction.client  # type: ignore[return-value]


def _display_name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name


def parse_options(text: str) -> dict[str, Any]:
    """``"key=value, key2=value2"`` into a dict (values: bool/int when they look so)."""
    out: dict[str, Any] = {}
    for part in re.split(r"[,;\s]+", text.strip()):
        if not part:
            continue
        key, sep, value = part.partition("=")
        if not sep or not key:
            raise TableError(f"House rules are written key=value, separated by commas; '{part}' is not.")
        low = value.lower()
        parsed: Any = value
        if low in ("true", "yes", "on"):
            parsed = True
        elif low in ("false", "no", "off"):
            parsed = False
        elif re.fullmatch(r"-?\d+", value):
            parsed = int(value)
        out[key] = parsed
    return out


def _variant_choices() -> list[tuple[str, str]]:
    try:
        from bot.engine import VARIANTS

        items = VARIANTS.values() if isinstance(VARIANTS, dict) else VARIANTS
        return [(str(v.name), str(v.title)) for v in items]
    except Exception:
        return [("czech", "Czech Taroky")]


def _variant_matches(current: str) -> list[app_commands.Choice[str]]:
    current = current.lower()
    return [
        app_commands.Choice(name=title, value=name)
        for name, title in _variant_choices()
        if current in name.lower() or current in title.lower()
    ][:25]


class Taroky(commands.GroupCog, group_name="taroky", group_description="Play Taroky in this channel"):
    """The /taroky command group."""

    def __init__(self, bot: TarokyBot) -> None:
        self.bot = bot
        super().__init__()

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(TableButton, ActionSelect, records.RecordsButton, records.DownloadSelect)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(TableButton, ActionSelect, records.RecordsButton, records.DownloadSelect)

    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await reply_error(interaction, error)

    # ------------------------------------------------------------------ commands
    @app_commands.command(name="new", description="Open a Taroky table in this channel")
    @app_commands.describe(
        variant="Which game (default: Czech Taroky)",
        players="4 or 5 players (with 5 the dealer sits out each deal)",
        options="House rules as key=value, separated by commas",
        teach="Teach mode: panels get a Hint button",
        deals="Deals agreed for the session (0: until the table is closed or a player cannot pay)",
    )
    @app_commands.guild_only()
    @guarded
    async def new(
        self,
        interaction: discord.Interaction,
        variant: str = "czech",
        players: app_commands.Range[int, 4, 5] = 4,
        options: str = "",
        teach: bool = False,
        deals: app_commands.Range[int, 0, 1000] = 0,
    ) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        if not 0 <= deals <= 1000:
            raise TableError("The number of deals is between 0 (no limit) and 1000.")
        config = TableConfig(
            variant=variant, players=players, options=_check_options(variant, players, options),
            teach=teach, deals=deals,
        )
        table = self.bot.tables.open(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            host_id=interaction.user.id,
            config=config,
            host_name=_display_name(interaction.user),
        )
        embed, view = lobby_message(table)
        await interaction.response.send_message(embed=embed, view=view)
        message = await interaction.original_response()
        table.message_id = message.id
        await self.bot.tables.save(table)

    @new.autocomplete("variant")
    async def _variant_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return _variant_matches(current)

    @app_commands.command(name="join", description="Take a seat at this channel's table")
    @app_commands.guild_only()
    @guarded
    async def join(self, interaction: discord.Interaction) -> None:
        table = self._table(interaction)
        seat = await table.join(interaction.user.id, _display_name(interaction.user))
        await reply(interaction, f"You sit in seat {seat + 1}.")

    @app_commands.command(name="leave", description="Leave this channel's table (a computer takes over)")
    @app_commands.guild_only()
    @guarded
    async def leave(self, interaction: discord.Interaction) -> None:
        table = self._table(interaction)
        await table.leave(interaction.user.id)
        await reply(interaction, _left_text(table))

    @app_commands.command(name="start", description="Deal: empty seats get computer players")
    @app_commands.guild_only()
    @guarded
    async def start(self, interaction: discord.Interaction) -> None:
        table = self._table(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await table.start(interaction.user.id)
        await interaction.edit_original_response(content="The cards are dealt. Click **My hand** to see yours.")

    @app_commands.command(name="end", description="Close this channel's table")
    @app_commands.guild_only()
    @guarded
    async def end(self, interaction: discord.Interaction) -> None:
        table = self._table(interaction)
        perms = getattr(interaction.user, "guild_permissions", None)
        may_moderate = bool(perms and perms.manage_messages)
        if interaction.user.id != table.host_id and table.seat_of(interaction.user.id) is None and not may_moderate:
            raise TableError("Only the host, a seated player or a moderator can close this table.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        session = await self.bot.tables.close(table)
        self.bot.output.forget_table(table)
        if session is not None:
            try:
                channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
                await channel.send(embed=records.session_summary_embed(table, session))
            except discord.HTTPException:
                log.warning("Could not post the session summary of table %s", table.id)
        if table.message_id is not None:
            embed, view = table_message(table)
            try:
                channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
                await channel.get_partial_message(table.message_id).edit(embed=embed, view=view)
            except discord.HTTPException:
                pass
        await interaction.edit_original_response(content="The table is closed. Open a new one with /taroky new.")

    @app_commands.command(name="hand", description="Open your private panel (your cards and choices)")
    @app_commands.guild_only()
    @guarded
    async def hand(self, interaction: discord.Interaction) -> None:
        await self.open_panel(interaction, self._table(interaction))

    @app_commands.command(name="table", description="Post the table again at the bottom of the channel")
    @app_commands.guild_only()
    @guarded
    async def table_cmd(self, interaction: discord.Interaction) -> None:
        table = self._table(interaction)
        embed, view = table_message(table)
        await interaction.response.send_message(embed=embed, view=view)
        message = await interaction.original_response()
        table.message_id = message.id
        await self.bot.tables.save(table)

    @app_commands.command(name="rules", description="How the game works: phases and terms, with examples")
    @app_commands.describe(topic="A phase or term, e.g. auction, talon, pagát (leave empty for the list)")
    @guarded
    async def rules(self, interaction: discord.Interaction, topic: str | None = None) -> None:
        table = self.bot.tables.get(interaction.channel_id or 0)
        variant = table.config.variant if table is not None else "czech"
        await interaction.response.send_message(rules_text(variant, topic), ephemeral=True)

    @rules.autocomplete("topic")
    async def _topic_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=t, value=t) for t in rules_topics() if current.lower() in t][:25]

    # ------------------------------------------------------------------ scores
    @app_commands.command(name="pool", description="The pools of this channel's table (the Žid, pots)")
    @app_commands.guild_only()
    @guarded
    async def pool(self, interaction: discord.Interaction) -> None:
        embed = await records.pool_embed(
            records._store(interaction), records._guild(interaction), interaction.channel_id or 0
        )
        await interaction.response.send_message(embed=embed)

    @app_commands.command(name="history", description="Recent hands of this channel; download any record")
    @app_commands.describe(page="Page of the history (1: the newest hands)")
    @app_commands.guild_only()
    @guarded
    async def history(self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 100000] = 1) -> None:
        embed, view = await records.history_message(
            records._store(interaction), records._guild(interaction), interaction.channel_id or 0, page
        )
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    @app_commands.command(name="balance", description="Your balance in this server (this season)")
    @app_commands.guild_only()
    @guarded
    async def balance(self, interaction: discord.Interaction) -> None:
        embed = await records.balance_embed(
            records._store(interaction), records._guild(interaction), interaction.user.id,
            _display_name(interaction.user),
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="stats", description="A player's statistics in this server (this season)")
    @app_commands.describe(player="Whose statistics (default: yours)")
    @app_commands.guild_only()
    @guarded
    async def stats(self, interaction: discord.Interaction, player: discord.User | None = None) -> None:
        target = player or interaction.user
        embed = await records.stats_embed(
            records._store(interaction), records._guild(interaction), target.id, _display_name(target)
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="leaderboard", description="This server's leaderboard (this season)")
    @app_commands.describe(
        currency="Which money (default: the variant's)",
        variant="Only this variant",
        order="Rank by balance, hands played, hands won as bidder or biggest win",
        page="Page (10 players each)",
    )
    @app_commands.choices(
        currency=records.CURRENCY_CHOICES,
        order=[app_commands.Choice(name=n, value=k) for k, n in records.ORDERS.items()],
    )
    @app_commands.guild_only()
    @guarded
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        currency: str | None = None,
        variant: str | None = None,
        order: str = "balance",
        page: app_commands.Range[int, 1, 100000] = 1,
    ) -> None:
        embed, view = await records.leaderboard_message(
            records._store(interaction), records._guild(interaction), currency, variant, order, page
        )
        await interaction.response.send_message(embed=embed, view=view)

    @leaderboard.autocomplete("variant")
    async def _lb_variant_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return _variant_matches(current)

    # ------------------------------------------------------------------ helpers
    def _table(self, interaction: discord.Interaction) -> Table:
        return self.bot.tables.require(interaction.channel_id or 0)

    async def open_panel(self, interaction: discord.Interaction, table: Table) -> None:
        """Show the player's private panel (a fresh ephemeral message)."""
        seat = table.require_seat(interaction.user.id)
        if table.status not in (PLAYING, BETWEEN):
            raise TableError("The game has not started yet; click Start when everyone is seated.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with table.lock:
            embed, view = panel_message(table, seat)
            await interaction.edit_original_response(embed=embed, view=view)
        self.bot.output.remember_panel(table, interaction.user.id, interaction)
        if table.mark_back(interaction.user.id):
            await reply(interaction, "Welcome back: you play your own cards again.")

    # ------------------------------------------------------------------ components
    async def on_button(self, interaction: discord.Interaction, cid: ids.ComponentId) -> None:
        assert interaction.channel_id is not None
        table = self.bot.tables.by_id(interaction.channel_id, cid.table_id)
        verb = cid.verb
        if verb == "l":
            await self._lobby_click(interaction, table, cid.arg)
        elif verb == "h":
            await self.open_panel(interaction, table)
        elif verb == "n":
            await interaction.response.defer(ephemeral=True, thinking=True)
            await table.next_hand(interaction.user.id)
            await interaction.edit_original_response(content="A new hand is dealt. Click **My hand** to see your cards.")
        elif verb == "r":
            seat = table.require_seat(interaction.user.id)
            async with table.lock:
                embed, view = panel_message(table, seat)
                await interaction.response.edit_message(embed=embed, view=view)
            self.bot.output.remember_panel(table, interaction.user.id, interaction)
        elif verb == "w":
            seat = table.require_seat(interaction.user.id)
            if table.game is None or table.status != PLAYING:
                raise TableError("There is no hand in play to explain.")
            await reply(interaction, table.game.explain(seat))
        elif verb == "i":
            seat = table.require_seat(interaction.user.id)
            table.check_current(cid.hand, cid.step)
            if not table.config.teach:
                raise TableError("Hints are only given at tables opened in teach mode.")
            if table.game is None or table.game.to_act != seat:
                raise TableError("It's not your turn.")
            choice = choose_action(table.game, seat)
            await reply(interaction, f"A computer player would choose **{choice.action.label}**: {choice.reason}")
        elif verb == "a":
            await self._act(interaction, table, cid.hand, cid.step, [cid.arg])

    async def on_select(self, interaction: discord.Interaction, cid: ids.ComponentId, values: list[str]) -> None:
        assert interaction.channel_id is not None
        table = self.bot.tables.by_id(interaction.channel_id, cid.table_id)
        await self._act(interaction, table, cid.hand, cid.step, values)

    async def _lobby_click(self, interaction: discord.Interaction, table: Table, what: str) -> None:
        user = interaction.user
        if what == "join":
            seat = await table.join(user.id, _display_name(user))
            await reply(interaction, f"You sit in seat {seat + 1}.")
        elif what == "leave":
            await table.leave(user.id)
            await reply(interaction, _left_text(table))
        elif what == "ai":
            if table.seat_of(user.id) is None and user.id != table.host_id:
                raise TableError("Only seated players can add computer players.")
            seat = await table.add_computer()
            await reply(interaction, f"A computer player sits in seat {seat + 1}.")
        elif what == "start":
            await interaction.response.defer(ephemeral=True, thinking=True)
            await table.start(user.id)
            await interaction.edit_original_response(content="The cards are dealt. Click **My hand** to see yours.")

    async def _act(
        self, interaction: discord.Interaction, table: Table, hand: int, step: int, codes: list[str]
    ) -> None:
        seat = table.require_seat(interaction.user.id)
        table.check_current(hand, step)
        if table.game is None or table.game.to_act != seat:
            raise TableError("It's not your turn.")
        # Acknowledge at once (an update of the panel), then act; the table refreshes
        # this panel through the interaction we remember here.
        await interaction.response.defer()
        self.bot.output.remember_panel(table, interaction.user.id, interaction)
        await table.act(interaction.user.id, hand, step, codes)


def _left_text(table: Table) -> str:
    if table.status == LOBBY:
        return "You left the table."
    return "You left the table; a computer plays your seat from now on."


def _check_options(variant: str, players: int, text: str) -> dict[str, Any]:
    """Validate the variant, the number of players and the house rules."""
    options = parse_options(text)
    try:
        from bot.engine import find_variant
    except ImportError:
        return options
    v = find_variant(variant)  # raises BadInput with a sentence for an unknown variant
    check_seats = getattr(v, "check_seats", None)
    if check_seats is not None:
        check_seats(players)
    resolve = getattr(v, "resolve_options", None)
    if resolve is not None:
        resolve(dict(options))  # raises BadInput naming the unknown option or value
    return options


async def _component_guard(interaction: discord.Interaction, coro: Any) -> None:
    try:
        await coro
    except StaleChoice as error:
        await reply_error(interaction, error)
    except Exception as error:  # one place for every component error
        await reply_error(interaction, error)


class TableButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.BUTTON_RE.pattern):
    """Every button of a table (lobby, My hand, actions, Why?, Hint, Refresh, Next hand)."""

    def __init__(self, custom_id: str) -> None:
        super().__init__(discord.ui.Button(custom_id=custom_id))
        self.cid = ids.parse_button(custom_id)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TableButton:
        return cls(item.custom_id)  # type: ignore[attr-defined]

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = interaction.client.get_cog("Taroky")  # type: ignore[attr-defined]
        if cog is None or self.cid is None:
            await reply(interaction, "The Taroky tables are not available right now.")
            return
        await _component_guard(interaction, cog.on_button(interaction, self.cid))


class ActionSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.SELECT_RE.pattern):
    """The select menus of the private panel (cards to discard or play)."""

    def __init__(self, custom_id: str) -> None:
        super().__init__(discord.ui.Select(custom_id=custom_id, options=[discord.SelectOption(label="-")]))
        m = ids.SELECT_RE.fullmatch(custom_id)
        assert m is not None
        self.cid = ids.ComponentId("s", m["tid"], int(m["hand"]), int(m["step"]), m["arg"])

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActionSelect:
        return cls(item.custom_id)  # type: ignore[attr-defined]

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = interaction.client.get_cog("Taroky")  # type: ignore[attr-defined]
        if cog is None:
            await reply(interaction, "The Taroky tables are not available right now.")
            return
        data: dict[str, Any] = cast(dict[str, Any], interaction.data or {})
        values = [str(v) for v in data.get("values", [])]
        await _component_guard(interaction, cog.on_select(interaction, self.cid, values))


async def setup(bot: TarokyBot) -> None:
    await bot.add_cog(Taroky(bot))
    await bot.add_cog(records.TarokyAdmin(bot))
