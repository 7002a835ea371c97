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
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, Concatenate, Literal, ParamSpec

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import VARIANTS, OptionValue, Variant, find_variant, option_value
from bot.engine.errors import AmbiguousInput, BadInput
from bot.engine.say import Msg
from bot.i18n import N_, VARIANT_CONTEXT
from bot.tables.errors import TableError
from bot.tables.limits import COOLDOWNS
from bot.tables.rules import rules_choices, rules_replies
from bot.tables.stop_request import STOP_VOTE_SECONDS
from bot.tables.table import LOBBY, Table, TableConfig
from cogs import language, lesson, records, review
from cogs.ui.components import (
    TABLE_COMPONENTS,
    dealt_text,
    display_name,
    echo,
    left_text,
    note_reader,
    reply,
    reply_error,
    user_error,
)
from cogs.ui.messages import help_embed, lobby_message, table_message

if TYPE_CHECKING:
    from bot.app import TarokyBot

log = logging.getLogger(__name__)

P = ParamSpec("P")


def guarded(
    func: Callable[Concatenate[Taroky, discord.Interaction, P], Coroutine[Any, Any, None]],
) -> Callable[Concatenate[Taroky, discord.Interaction, P], Coroutine[Any, Any, None]]:
    """Decorate a command callback so user errors become ephemeral sentences here,
    instead of reaching the tree's error handler (which is for bugs)."""

    @functools.wraps(func)
    async def wrapper(self: Taroky, interaction: discord.Interaction, /, *args: P.args, **kwargs: P.kwargs) -> None:
        try:
            await func(self, interaction, *args, **kwargs)
        except Exception as error:
            # Discord refusing one of our calls (403, 404, 5xx) is no bug either: say so.
            if (user_error(error) is None and not isinstance(error, discord.HTTPException)
                    and not isinstance(error, app_commands.CommandOnCooldown)):
                raise
            await reply_error(interaction, error)

    return wrapper


#: The longest house-rules text and variant name ``/taroky new`` reads (issue #15: a
#: longer value echoed in a refusal made the reply exceed Discord's 2,000 characters).
MAX_OPTIONS_TEXT = 400
MAX_VARIANT_NAME = 40


#: The longest ``/taroky rules topic:`` read (a longer one is refused in a sentence;
#: issue #29: a long one echoed in "no page about …" made the reply exceed 2,000 characters).
MAX_TOPIC = 100


def parse_options(text: str) -> dict[str, OptionValue]:
    """``"key=value, key2=value2"`` into a dict (values: bool/int when they look so)."""
    if len(text) > MAX_OPTIONS_TEXT:
        raise TableError(N_("House rules are at most {limit} characters long; yours are {length}."),
                         limit=MAX_OPTIONS_TEXT, length=len(text))
    out: dict[str, OptionValue] = {}
    for part in re.split(r"[,;\s]+", text.strip()):
        if not part:
            continue
        key, sep, value = part.partition("=")
        if not sep or not key:
            raise TableError(N_("House rules are written key=value, separated by commas; '{part}' is not."),
                             part=echo(part))
        out[key] = option_value(key, value)
    return out


#: Members whose cooldowns are kept per command before the passed ones are forgotten.
MAX_BUCKETS = 1000


def cooldown(
    command: str,
) -> Callable[[Callable[Concatenate[Taroky, discord.Interaction, P], Coroutine[Any, Any, None]]],
              Callable[Concatenate[Taroky, discord.Interaction, P], Coroutine[Any, Any, None]]]:
    """The cooldown of a command that draws or posts (``bot.tables.limits.COOLDOWNS``),
    per member and server, counted by discord.py's ``app_commands.Cooldown``: a use too
    soon raises ``CommandOnCooldown`` before anything is done, which :func:`guarded`
    answers in a sentence with the time left (``reply_error``).  Off when the bot's
    limits say so (tests).  Apply it under :func:`guarded`."""
    rate, per = COOLDOWNS[command]

    def decorate(
        func: Callable[Concatenate[Taroky, discord.Interaction, P], Coroutine[Any, Any, None]],
    ) -> Callable[Concatenate[Taroky, discord.Interaction, P], Coroutine[Any, Any, None]]:
        @functools.wraps(func)
        async def wrapper(self: Taroky, interaction: discord.Interaction, /, *args: P.args,
                          **kwargs: P.kwargs) -> None:
            if self.bot.limits.cooldowns:
                buckets = self.cooldowns.setdefault(command, {})
                if len(buckets) > MAX_BUCKETS:  # (forget the members whose cooldown has passed)
                    for old in [k for k, b in buckets.items() if b.get_tokens() == rate]:
                        del buckets[old]
                key = (interaction.guild_id, interaction.user.id)
                bucket = buckets.setdefault(key, app_commands.Cooldown(rate, per))
                retry_after = bucket.update_rate_limit()
                if retry_after is not None:
                    raise app_commands.CommandOnCooldown(bucket, retry_after)
            await func(self, interaction, *args, **kwargs)

        return wrapper

    return decorate


def _variant_matches(current: str) -> list[app_commands.Choice[str]]:
    current = current.lower()
    return [
        app_commands.Choice(name=v.title, value=v.name)
        for v in dict.fromkeys(VARIANTS.values())
        if current in v.name.lower() or current in v.title.lower()
    ][:25]


class Taroky(commands.GroupCog, group_name="taroky", group_description="Play Taroky in this channel"):
    """The /taroky command group."""

    def __init__(self, bot: TarokyBot) -> None:
        self.bot = bot
        #: Per command, per (server, member): the uses left (:func:`cooldown`).
        self.cooldowns: dict[str, dict[tuple[int | None, int], app_commands.Cooldown]] = {}
        super().__init__()

    async def cog_load(self) -> None:
        # Registered once: every message's components are answered by these classes.
        self.bot.add_dynamic_items(*TABLE_COMPONENTS, *records.RECORDS_COMPONENTS)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*TABLE_COMPONENTS, *records.RECORDS_COMPONENTS)

    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await reply_error(interaction, error)

    # ------------------------------------------------------------------ commands
    @app_commands.command(name="new", description="Open a Taroky table in this channel")
    @app_commands.describe(
        variant="Which game (default: Czech Taroky)",
        players="3, 4 or 5 players, as the variant allows (default: its usual number; with 5 the dealer sits out)",
        options="House rules as key=value, separated by commas",
        teach="Teach mode (on by default): Hint, and a warning before each costly choice",
        level="How well the computer players play: easy, normal (default) or strong",
        deals="Deals agreed for the session (0: until the table is closed or a player cannot pay)",
    )
    @app_commands.guild_only()
    @guarded
    @cooldown("new")
    async def new(
        self,
        interaction: discord.Interaction,
        variant: str = "czech",
        players: app_commands.Range[int, 3, 5] | None = None,
        options: str = "",
        teach: bool = True,
        deals: app_commands.Range[int, 0, 1000] = 0,
        level: Literal["easy", "normal", "strong"] = "normal",
    ) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        if not 0 <= deals <= 1000:
            raise TableError(N_("The number of deals is between 0 (no limit) and 1000."))
        if players is None:  # the variant's usual number (Taper: 3, TP-1)
            players = _find_variant(variant).seat_counts[0] if len(variant) <= MAX_VARIANT_NAME else 4
        config = TableConfig(
            variant=variant, players=players, options=_check_options(variant, players, options),
            teach=teach, deals=deals, level=level, lang=(await records.server(interaction)).lang,
        )
        table = self.bot.tables.open(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            host_id=interaction.user.id,
            config=config,
            host_name=display_name(interaction.user),
            max_tables=await records.max_tables(interaction),
        )
        await note_reader(interaction, table)
        embed, view = lobby_message(table)
        try:
            await interaction.response.send_message(embed=embed, view=view)
        except discord.HTTPException:
            self.bot.tables.discard(table)  # no lobby was posted: no table either
            raise
        await self._posted(interaction, table)

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
        t = await note_reader(interaction, table)
        await interaction.response.defer(ephemeral=True, thinking=True)  # saving may be slow
        seat = await table.join(interaction.user.id, display_name(interaction.user), lang=t.lang)
        await reply(interaction, t._("You sit in seat {seat}.", seat=seat + 1))

    @app_commands.command(name="leave", description="Leave this channel's table (a computer takes over)")
    @app_commands.guild_only()
    @guarded
    async def leave(self, interaction: discord.Interaction) -> None:
        table = self._table(interaction)
        t = await note_reader(interaction, table)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await table.leave(interaction.user.id)
        await reply(interaction, left_text(table, t))

    @app_commands.command(name="start", description="Deal: empty seats get computer players")
    @app_commands.guild_only()
    @guarded
    async def start(self, interaction: discord.Interaction) -> None:
        table = self._table(interaction)
        t = await note_reader(interaction, table)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await table.start(interaction.user.id)
        await interaction.edit_original_response(content=dealt_text(t))

    @app_commands.command(name="end", description="Close this channel's table")
    @app_commands.describe(now="Ask every seated player to stop the hand in play now, unpaid (all must agree)")
    @app_commands.guild_only()
    @guarded
    async def end(self, interaction: discord.Interaction, now: bool = False) -> None:
        table = self._table(interaction)
        t = await note_reader(interaction, table)
        user = interaction.user
        may_moderate = isinstance(user, discord.Member) and user.guild_permissions.manage_messages
        if interaction.user.id != table.host_id and table.seat_of(interaction.user.id) is None and not may_moderate:
            raise TableError(N_("Only the host, a seated player or a moderator can close this table."))
        await interaction.response.defer(ephemeral=True, thinking=True)
        if now:
            # Issue #29: a hand stops at once only if every seated player agrees (buttons on
            # the table); meanwhile, and if anyone keeps playing, it is played out and paid.
            await table.stop_request.ask(user.id, display_name(user))
            await table.close_after_hand(user.id, display_name(user))
            minutes = max(1, round(STOP_VOTE_SECONDS / 60))
            await interaction.edit_original_response(content=t.ngettext(
                "You asked to stop this hand now: it stops, and nobody pays or is paid for it, if every "
                "seated player clicks **Agree to stop now** on the table within {n} minute. Otherwise it is "
                "played out and paid, and the table closes after it.",
                "You asked to stop this hand now: it stops, and nobody pays or is paid for it, if every "
                "seated player clicks **Agree to stop now** on the table within {n} minutes. Otherwise it is "
                "played out and paid, and the table closes after it.", minutes))
            return
        if await table.close_after_hand(user.id, display_name(user)):
            # A hand in play always ends paid (issue #29): it is played out, then the table closes.
            await interaction.edit_original_response(content=t._(
                "The table closes when this hand ends: the hand is played out (a computer plays for "
                "anyone away) and paid as the cards fall."))
            return
        session = await self.bot.tables.close(table)
        await self.bot.output.table_closed(table, session)
        await interaction.edit_original_response(content=t._("The table is closed. Open a new one with /taroky new."))

    @app_commands.command(name="hand", description="Open your private panel (your cards and choices)")
    @app_commands.guild_only()
    @guarded
    async def hand(self, interaction: discord.Interaction) -> None:
        table = self._table(interaction)
        await note_reader(interaction, table)
        await self.bot.output.show_panel(interaction, table)

    @app_commands.command(name="table", description="Post the table again at the bottom of the channel")
    @app_commands.guild_only()
    @guarded
    @cooldown("table")
    async def table_cmd(self, interaction: discord.Interaction) -> None:
        table = self._table(interaction)
        await note_reader(interaction, table)
        await interaction.response.defer(thinking=True)
        if table.status == LOBBY:
            embed, view = table_message(table)
            files: list[discord.File] = []
        else:  # the table with its picture, as the table message shows it
            embed, view, files = await self.bot.output.table_payload(table)
        await interaction.edit_original_response(embed=embed, view=view, attachments=files)
        await self._posted(interaction, table)

    @app_commands.command(name="help", description="How to play here: the commands and buttons, in one page")
    @guarded
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(embed=help_embed(await records.reader(interaction)), ephemeral=True)

    @app_commands.command(name="rules", description="How the game works: phases and terms, with examples")
    @app_commands.describe(topic="A phase or term, e.g. auction, talon, pagát (leave empty for the list)")
    @guarded
    async def rules(self, interaction: discord.Interaction, topic: str | None = None) -> None:
        if topic is not None and len(topic) > MAX_TOPIC:
            raise TableError(N_("A rules topic is at most {limit} characters long; see /taroky rules for the list."),
                             limit=MAX_TOPIC)
        table = self.bot.tables.get(interaction.channel_id or 0)
        variant = table.config.variant if table is not None else "czech"
        first, *more = rules_replies(variant, topic, await records.reader(interaction),
                                     shown=echo(topic) if topic is not None else None)
        await interaction.response.send_message(first, ephemeral=True)
        for part in more:  # (a long page, e.g. translated, is sent whole: never cut)
            await interaction.followup.send(part, ephemeral=True)

    @rules.autocomplete("topic")
    async def _topic_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        table = self.bot.tables.get(interaction.channel_id or 0)
        variant = table.config.variant if table is not None else None  # (no table: all)
        # (a topic in the reader's words, passed back as its English key)
        return [app_commands.Choice(name=name, value=key)
                for name, key in rules_choices(variant, await records.reader(interaction), current)][:25]

    # ------------------------------------------------------------------ scores
    @app_commands.command(name="pool", description="The pools of this channel's table (the Žid, pots)")
    @app_commands.guild_only()
    @guarded
    @cooldown("pool")
    async def pool(self, interaction: discord.Interaction) -> None:
        embed = await records.pool_embed(  # (public: the server's language)
            await records.server(interaction), records.store_of(interaction), records.guild_of(interaction),
            interaction.channel_id or 0,
        )
        await interaction.response.send_message(embed=embed)

    @app_commands.command(name="history", description="Recent hands of this channel; download any record")
    @app_commands.describe(page="Page of the history (1: the newest hands)")
    @app_commands.guild_only()
    @guarded
    @cooldown("history")
    async def history(self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 100000] = 1) -> None:
        embed, view = await records.history_message(
            await records.reader(interaction), records.store_of(interaction), records.guild_of(interaction),
            interaction.channel_id or 0, page,
        )
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    @app_commands.command(name="balance", description="Your balance in this server (this season)")
    @app_commands.guild_only()
    @guarded
    @cooldown("balance")
    async def balance(self, interaction: discord.Interaction) -> None:
        embed = await records.balance_embed(
            await records.reader(interaction), records.store_of(interaction), records.guild_of(interaction),
            interaction.user.id, display_name(interaction.user),
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="stats", description="A player's statistics in this server (this season)")
    @app_commands.describe(player="Whose statistics (default: yours)")
    @app_commands.guild_only()
    @guarded
    @cooldown("stats")
    async def stats(self, interaction: discord.Interaction, player: discord.User | None = None) -> None:
        target = player or interaction.user
        embed, files = await records.stats_message(
            await records.reader(interaction), records.store_of(interaction), records.guild_of(interaction),
            target.id, display_name(target),
        )
        await interaction.response.send_message(embed=embed, files=files, ephemeral=True)

    @app_commands.command(name="leaderboard", description="This server's leaderboard (this season)")
    @app_commands.describe(
        currency="Which money (default: the variant's)",
        variant="Only this variant",
        order="Rank by balance, hands played, hands won as bidder, biggest win or rating (skill)",
        page="Page (10 players each)",
    )
    @app_commands.choices(
        currency=records.CURRENCY_CHOICES,
        order=[app_commands.Choice(name=n, value=k) for k, n in records.ORDERS.items()],
    )
    @app_commands.guild_only()
    @guarded
    @cooldown("leaderboard")
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        currency: str | None = None,
        variant: str | None = None,
        order: str = "balance",
        page: app_commands.Range[int, 1, 100000] = 1,
    ) -> None:
        embed, view = await records.leaderboard_message(  # (public: the server's language)
            await records.server(interaction), records.store_of(interaction), records.guild_of(interaction),
            currency, variant, order, page,
        )
        await interaction.response.send_message(embed=embed, view=view)

    @leaderboard.autocomplete("variant")
    async def _lb_variant_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return _variant_matches(current)

    # ------------------------------------------------------------------ helpers
    async def _posted(self, interaction: discord.Interaction, table: Table) -> None:
        """The table message was posted as this interaction's response: remember it.
        It is there whatever happens next, so a failure here is logged, not reported
        as if nothing had happened (the next change of the table posts it anew)."""
        try:
            message = await interaction.original_response()
            table.message_id = message.id
        except discord.HTTPException:
            log.warning("Could not read back the message of table %s", table.id)
        try:
            await self.bot.tables.save(table)
        except Exception:
            log.exception("Saving table %s failed", table.id)

    def _table(self, interaction: discord.Interaction) -> Table:
        return self.bot.tables.require(interaction.channel_id or 0)


def _check_options(variant: str, players: int, text: str) -> dict[str, OptionValue]:
    """Validate the variant, the number of players and the house rules (the engine
    raises a sentence naming an unknown variant, option or value)."""
    if len(variant) > MAX_VARIANT_NAME:
        raise TableError(N_("There is no variant with so long a name; see /taroky rules for the variants."))
    options = parse_options(text)
    v = _find_variant(variant)
    if players not in v.seat_counts:  # (the engine's check_seats, said in the reader's language)
        raise TableError(N_("{variant} is played by {allowed} players, not {seats}."),
                         variant=Msg(v.title, context=VARIANT_CONTEXT), allowed=_either(v.seat_counts),
                         seats=players)
    v.check_seats(players)
    v.resolve_options(options)  # (an unknown option or value: the engine's message, said by reply_error)
    return options


def _either(counts: tuple[int, ...]) -> Msg | int:
    """"3 or 4" in the reader's language (one count: the count)."""
    if len(counts) == 1:
        return counts[0]
    return Msg(N_("{first} or {last}"), {"first": ", ".join(str(n) for n in counts[:-1]), "last": counts[-1]})


def _find_variant(name: str) -> Variant:
    """``find_variant``, its refusals (an unknown or ambiguous name) as sentences said in
    the reader's language."""
    try:
        return find_variant(name)
    except AmbiguousInput:
        key = name.strip().lower()
        names = ", ".join(v.name for v in VARIANTS.values() if v.name.startswith(key))
        raise TableError(N_("'{name}' could mean {names}; say which."), name=echo(name), names=names) from None
    except BadInput:
        raise TableError(N_("There is no variant '{name}'. Known variants: {known}."),
                         name=echo(name), known=", ".join(sorted(VARIANTS))) from None


async def setup(bot: TarokyBot) -> None:
    cog = Taroky(bot)
    group = cog.app_command
    assert group is not None  # (a GroupCog always has its group)
    lesson.setup_lesson(group, bot)  # /taroky lesson (cogs/lesson.py)
    review.setup_review(group, bot)  # /taroky review and the Review button (cogs/review.py)
    admin = records.TarokyAdmin(bot)
    assert admin.app_command is not None
    language.setup_language(group, admin.app_command, bot)  # (cogs/language.py)
    await bot.add_cog(cog)
    await bot.add_cog(admin)
