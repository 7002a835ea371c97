"""Money, history and leaderboards on Discord: embeds, paging components, admin commands.

The ``/taroky`` commands ``pool``, ``history``, ``balance``, ``stats`` and
``leaderboard`` (defined in :mod:`cogs.taroky`) render here; their buttons and the
record download select are :class:`discord.ui.DynamicItem` s (custom ids ``tkr:...``),
so they keep working after a restart.  The admin commands live in their own
top-level group ``/taroky-admin`` because Discord applies a command's default member
permissions (here *Manage Server*) only to top-level commands; each callback checks
the permission again at run time.
"""

from __future__ import annotations

import asyncio
import io
import json
import re
from collections.abc import Awaitable
from decimal import Decimal
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.ai.review import REVIEW_VERSION
from bot.engine import find_variant
from bot.i18n import N_, Text
from bot.ratings import PROVISIONAL_HANDS, Standing
from bot.store import DataStore, parse_amount
from bot.store.models import HandSummary, LeaderboardRow
from bot.store.ratings import COMPUTER_PREFIX
from bot.tables.errors import TableError
from bot.tables.ledger import variant_currency
from bot.tables.limits import DEFAULT_MAX_TABLES, MAX_TABLES_LIMIT
from bot.tables.ratings import UNRECORDED
from cogs.ui.client import table_client
from cogs.ui.components import LEVEL_NAMES, reply, reply_error
from cogs.ui.messages import who
from rendering.chart import ChartScene, Series, chart_png

if TYPE_CHECKING:
    from bot.app import TarokyBot

HISTORY_PAGE = 5
LEADERBOARD_PAGE = 10
MAX_STARTING = 10**12

#: The leaderboard's orders and the currencies, as the catalog has them (shown with
#: ``t._``; also the English names of the slash command's choices).
ORDERS: dict[str, str] = {
    "balance": N_("Balance"),
    "hands_played": N_("Hands played"),
    "hands_won_as_bidder": N_("Hands won as bidder"),
    "biggest_win": N_("Biggest win"),
    "rating": N_("Rating"),
    "accuracy": N_("Accuracy"),  # (issue #28: the season's reviews, ``accuracy_rows``)
}
ORDER_KEYS = tuple(ORDERS)
CURRENCY_NAMES: dict[str, str] = {"czk_hal": "Kč", "chips": N_("Chips"), "points": N_("Game points")}
#: The level of the computers of hands paid before the levels were recorded.
UNRECORDED_NAME = N_("level not recorded")


def level_name(t: Text, player: str) -> str:
    """The level of a computer pseudo-player (``bot.ratings.computer_id``), in words."""
    level = player.removeprefix(COMPUTER_PREFIX)
    return t._(UNRECORDED_NAME if level == UNRECORDED else LEVEL_NAMES.get(level, level))


class RecordsError(TableError):
    """A records/admin command cannot do what was asked (one sentence, nothing changed)."""


# ---------------------------------------------------------------------- formatting
def signed(t: Text, currency: str, amount: int) -> str:
    return ("+" if amount > 0 else "") + t.money(currency, amount)


def store_of(interaction: discord.Interaction) -> DataStore:
    """The bot's store (a plain sentence when the bot runs without its database)."""
    store = table_client(interaction).store
    if store is None:
        raise RecordsError(N_("Scores are not kept here: the bot runs without its database."))
    return store


def guild_of(interaction: discord.Interaction) -> int:
    """The server of the interaction (a plain sentence in a direct message)."""
    if interaction.guild_id is None:
        raise RecordsError(N_("This command works in a server channel only."))
    return interaction.guild_id


async def reader(interaction: discord.Interaction) -> Text:
    """The language to answer this interaction's user in (their choice, else their app's)."""
    return await table_client(interaction).languages.for_reader(interaction)


async def server(interaction: discord.Interaction) -> Text:
    """The language of this server's public messages."""
    return await table_client(interaction).languages.for_guild(interaction.guild)


# ---------------------------------------------------------------------- pool
async def pool_embed(t: Text, store: DataStore, guild_id: int, channel_id: int) -> discord.Embed:
    pools = await store.get_pools(guild_id, channel_id)
    season = await store.current_season(guild_id)
    embed = discord.Embed(title=t._("Pools at this table"), colour=discord.Colour.gold())
    if not pools:
        embed.description = t._("No pool has held anything here this season (the Žid starts empty).")
    else:
        embed.description = "\n".join(
            f"**{t.variant_title(p.variant)}**: {t.money(p.currency, p.amount)}" for p in pools
        )
    embed.set_footer(text=t._("Season {season}", season=season))
    return embed


# ---------------------------------------------------------------------- history
def _hand_line(t: Text, h: HandSummary) -> str:
    parts = [f"**#{h.seq}** {t.variant_title(h.variant)} · {h.settled_at.replace('T', ' ').rstrip('Z')} UTC"]
    if h.bidder is not None:
        if h.bidder_won:
            parts.append(t._("bidder {name} won", name=who(h.bidder, t)))
        elif h.bidder_won is False:
            parts.append(t._("bidder {name} lost", name=who(h.bidder, t)))
        else:
            parts.append(t._("bidder {name} played", name=who(h.bidder, t)))
    moves = ", ".join(f"{who(p, t)} {signed(t, h.currency, d)}" for p, d in sorted(h.deltas.items(), key=lambda x: -x[1]))
    if h.pool_delta:
        moves += ", " + t._("pool {amount}", amount=signed(t, h.currency, h.pool_delta))
    if h.annulled:  # (issue #29: stopped in play, nobody paid; its record reveals the deal)
        parts.append("**" + t._("annulled") + "**")
        moves = t._("annulled in play: nobody paid or was paid")
    return " · ".join(parts) + "\n" + (moves or t._("no money moved"))


async def history_message(
    t: Text, store: DataStore, guild_id: int, channel_id: int, page: int
) -> tuple[discord.Embed, discord.ui.View]:
    total = await store.count_hands(guild_id, channel_id)
    pages = max(1, -(-total // HISTORY_PAGE))
    if page < 1 or page > pages:
        raise RecordsError(N_("There is no page {page}; the last page of this channel's history is {pages}."),
                           page=page, pages=pages)
    hands = await store.recent_hands(guild_id, channel_id, limit=HISTORY_PAGE, offset=(page - 1) * HISTORY_PAGE)
    embed = discord.Embed(title=t._("Recent hands in this channel"), colour=discord.Colour.blurple())
    view = discord.ui.View(timeout=None)
    if not hands:
        embed.description = t._("No hand has been settled in this channel yet.")
    else:
        embed.description = "\n\n".join(_hand_line(t, h) for h in hands)
        view.add_item(DownloadSelect(t, [
            discord.SelectOption(label=t._("Hand #{seq}", seq=h.seq), value=h.hand_id[:100],
                                 description=t.variant_title(h.variant)[:100])
            for h in hands
        ]))
    embed.set_footer(text=" · ".join((
        t._("Page {page} of {pages}", page=page, pages=pages), t.ngettext("{n} hand", "{n} hands", total),
        t._("replay a record with `taroky replay FILE`"))))
    view.add_item(HistoryPageButton(max(page - 1, 1), "p", t, disabled=page <= 1))
    view.add_item(HistoryPageButton(min(page + 1, pages), "n", t, disabled=page >= pages))
    return embed, view


async def record_file(store: DataStore, guild_id: int, channel_id: int, hand_id: str) -> discord.File:
    """The record of a hand of this channel's history (a select value is the user's
    to forge: a hand of another channel, even of the same server, is refused)."""
    hand = await store.get_hand(hand_id[:200])
    if hand is None or hand.guild_id != guild_id or hand.channel_id != channel_id:
        raise RecordsError(N_("That hand is not in this channel's history."))
    record = await store.get_hand_record(hand_id)
    if record is None:  # pragma: no cover - a hand row always has its record
        raise RecordsError(N_("That hand has no record."))
    data = json.dumps(record, ensure_ascii=False, indent=1).encode()
    return discord.File(io.BytesIO(data), filename=f"taroky-hand-{hand.seq}.json")


# ---------------------------------------------------------------------- leaderboard
def default_currency(order: str, currency: str | None, variant: str | None) -> str | None:
    """Money orders need a currency: the variant's, else the default variant's."""
    if currency is not None or order not in ("balance", "biggest_win"):
        return currency
    return variant_currency(variant or "czech")


async def leaderboard_message(
    t: Text, store: DataStore, guild_id: int, currency: str | None, variant: str | None, order: str, page: int
) -> tuple[discord.Embed, discord.ui.View]:
    if order not in ORDERS:
        raise RecordsError(N_("Order by one of: {orders}."), orders=", ".join(ORDERS))
    if currency is not None and currency not in CURRENCY_NAMES:
        raise RecordsError(N_("There is no currency '{currency}'; use one of {currencies}."),
                           currency=currency, currencies=", ".join(CURRENCY_NAMES))
    if variant is not None:
        variant = find_variant(variant).name
    if page < 1:
        raise RecordsError(N_("Pages start at 1."))
    if order == "rating":
        return await rating_leaderboard(t, store, guild_id, variant, page)
    currency = default_currency(order, currency, variant)
    hands: dict[int, int] = {}  # (order:accuracy: the hands each player's accuracy is the mean of)
    try:
        if order == "accuracy":
            rows, total, hands = await accuracy_rows(store, guild_id, variant, page)
        else:
            rows, total = await store.leaderboard(guild_id, currency=currency, variant=variant, order_by=order,
                                                  page=page, page_size=LEADERBOARD_PAGE)
    except ValueError as error:
        raise RecordsError(N_("That leaderboard cannot be drawn: {error}."), error=str(error)) from None
    pages = max(1, -(-total // LEADERBOARD_PAGE))
    if page > pages:
        raise RecordsError(N_("There is no page {page}; the last page of this leaderboard is {pages}."),
                           page=page, pages=pages)
    season = await store.current_season(guild_id)
    scope = [t._(ORDERS[order])]
    if variant:
        scope.append(t.variant_title(variant))
    if currency and order in ("balance", "biggest_win"):
        scope.append(t._(CURRENCY_NAMES[currency]))
    embed = discord.Embed(title=t._("Leaderboard — {scope}", scope=" · ".join(scope)), colour=discord.Colour.green())
    if not rows:
        embed.description = t._("Nobody is on this leaderboard yet: play a hand first.")
    else:
        lines = []
        for r in rows:
            value = (t.money(r.currency, r.value) if r.currency and order in ("balance", "biggest_win")
                     else accuracy_text(t, r.value, hands[r.player_id]) if order == "accuracy"
                     else t.number(r.value))
            lines.append(f"**{r.rank}.** {who(r.player_id, t)} — {value}")
        embed.description = "\n".join(lines)
    embed.set_footer(text=" · ".join((t._("Season {season}", season=season),
                                      t._("page {page} of {pages}", page=page, pages=pages),
                                      t.ngettext("{n} player", "{n} players", total))))
    return embed, _page_buttons(order, currency, variant, page, pages, t)


def _page_buttons(order: str, currency: str | None, variant: str | None, page: int, pages: int,
                  t: Text) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for target, direction, disabled in ((max(page - 1, 1), "p", page <= 1), (min(page + 1, pages), "n", page >= pages)):
        view.add_item(LeaderboardPageButton(order, currency, variant, target, direction, t, disabled=disabled))
    return view


def rating_text(t: Text, rating: float) -> str:
    """A rating as the leaderboard and the stats write it (one decimal)."""
    return t.number(Decimal(f"{rating:.1f}"))


def standing_line(t: Text, s: Standing) -> str:
    """A rating with its uncertainty in words, and whether it is provisional."""
    line = t._("{rating} (skill {skill}, give or take {error}) · {hands}", rating=rating_text(t, s.rating),
               skill=rating_text(t, s.mu), error=rating_text(t, 3 * s.sigma),
               hands=t.ngettext("{n} hand", "{n} hands", s.hands))
    if s.provisional:
        line += " · " + t._("provisional")
    return line


async def rating_leaderboard(
    t: Text, store: DataStore, guild_id: int, variant: str | None, page: int
) -> tuple[discord.Embed, discord.ui.View]:
    """``/taroky leaderboard order:rating``: the people of a variant by their rating (the
    variant most rated this season unless one is named), the computer levels beside them
    for comparison (docs/review.md, "Ratings")."""
    if variant is None:
        variant = next(iter(await store.rated_variants(guild_id)), None)
    standings = await store.ratings(guild_id, variant) if variant is not None else []
    people = [s for s in standings if not s.player.startswith(COMPUTER_PREFIX)]
    computers = [s for s in standings if s.player.startswith(COMPUTER_PREFIX)]
    pages = max(1, -(-len(people) // LEADERBOARD_PAGE))
    if page > pages:
        raise RecordsError(N_("There is no page {page}; the last page of this leaderboard is {pages}."),
                           page=page, pages=pages)
    season = await store.current_season(guild_id)
    scope = [t._(ORDERS["rating"])] + ([t.variant_title(variant)] if variant else [])
    embed = discord.Embed(title=t._("Leaderboard — {scope}", scope=" · ".join(scope)), colour=discord.Colour.green())
    first = (page - 1) * LEADERBOARD_PAGE
    lines = [f"**{first + i}.** {who(int(s.player), t)} — {standing_line(t, s)}"
             for i, s in enumerate(people[first:first + LEADERBOARD_PAGE], 1)]
    if not lines:
        lines.append(t._("Nobody is on this leaderboard yet: play a hand first."))
    if computers:
        lines.append("")
        lines.append(t._("For comparison, the computer players: {levels}", levels=", ".join(
            f"{level_name(t, s.player)} {rating_text(t, s.rating)}" for s in computers)))
    lines.append("")
    lines.append(t._("The rating is the skill the bot is nearly sure a player has: it rises with good results "
                     "and as the bot gets to know the player. Provisional: fewer than {n} hands rated.",
                     n=PROVISIONAL_HANDS))
    embed.description = "\n".join(lines)
    embed.set_footer(text=" · ".join((t._("Season {season}", season=season),
                                      t._("page {page} of {pages}", page=page, pages=pages),
                                      t.ngettext("{n} player", "{n} players", len(people)))))
    return embed, _page_buttons("rating", None, variant, page, pages, t)


async def accuracy_rows(
    store: DataStore, guild_id: int, variant: str | None, page: int
) -> tuple[list[LeaderboardRow], int, dict[int, int]]:
    """The page of players by their mean accuracy this season (over the reviewed hands
    with a judged choice, all variants unless ``variant``; the store's
    ``skill_aggregates``, counting only this judge's reviews: docs/review.md, "Reviews
    made again"): rows whose ``value`` is the accuracy in tenths of a percent,
    how many players in all, and the hands each one's accuracy is the mean of."""
    by_player: dict[int, tuple[float, int]] = {}
    for r in await store.skill_aggregates(guild_id, variant=variant, review_version=REVIEW_VERSION):
        if r.accuracy is None or r.player_id < 0:
            continue
        total, n = by_player.get(r.player_id, (0.0, 0))
        by_player[r.player_id] = (total + r.accuracy * r.judged_hands, n + r.judged_hands)
    ranked = sorted(((round(10 * total / n), n, p) for p, (total, n) in by_player.items()),
                    key=lambda x: (-x[0], -x[1], x[2]))
    start = (page - 1) * LEADERBOARD_PAGE
    page_rows = ranked[start:start + LEADERBOARD_PAGE]
    rows = [LeaderboardRow(rank=start + i + 1, player_id=p, value=value, currency=None)
            for i, (value, _n, p) in enumerate(page_rows)]
    return rows, len(ranked), {p: n for _v, n, p in page_rows}


def accuracy_text(t: Text, tenths: int, hands: int) -> str:
    """A mean accuracy and the hands it is the mean of ("93.1 % (12 hands)")."""
    return t._("{accuracy} % ({hands})", accuracy=t.number(Decimal(tenths).scaleb(-1)),
               hands=t.ngettext("{n} hand", "{n} hands", hands))


# ---------------------------------------------------------------------- balance / stats
def currency_name(t: Text, currency: str) -> str:
    return t._(CURRENCY_NAMES[currency]) if currency in CURRENCY_NAMES else currency


async def balance_embed(t: Text, store: DataStore, guild_id: int, player_id: int, name: str) -> discord.Embed:
    balances = await store.balance(guild_id, player_id)
    season = await store.current_season(guild_id)
    embed = discord.Embed(title=t._("Balance of {name}", name=name), colour=discord.Colour.gold())
    if not balances:
        embed.description = t._("Nothing yet: balances start with the first settled hand.")
    else:
        embed.description = "\n".join(f"**{currency_name(t, c)}**: {t.money(c, a)}" for c, a in sorted(balances.items()))
    embed.set_footer(text=t._("Season {season}", season=season))
    return embed


async def stats_embed(t: Text, store: DataStore, guild_id: int, player_id: int, name: str) -> discord.Embed:
    stats = await store.player_stats(guild_id, player_id)
    embed = discord.Embed(title=t._("Statistics of {name}", name=name), colour=discord.Colour.blurple())
    if stats.balances:
        embed.add_field(
            name=t._("Balances"),
            value="\n".join(f"{currency_name(t, c)}: {t.money(c, a)}" for c, a in sorted(stats.balances.items())),
            inline=False,
        )
    if not stats.by_variant:
        embed.description = t._("No hands played this season yet.")
    for v in stats.by_variant:
        embed.add_field(
            name=f"{t.variant_title(v.variant)} ({currency_name(t, v.currency)})",
            value="\n".join((
                t._("Hands played: {played} · won: {won}", played=t.number(v.hands_played), won=t.number(v.hands_won)),
                t._("As bidder: {bid} · won as bidder: {won}", bid=t.number(v.hands_as_bidder),
                    won=t.number(v.hands_won_as_bidder)),
                t._("Net: {net}", net=signed(t, v.currency, v.net)),
                t._("Biggest win: {win} · biggest loss: {loss}", win=t.money(v.currency, v.biggest_win),
                    loss=t.money(v.currency, v.biggest_loss)),
            )),
            inline=False,
        )
    embed.set_footer(text=t._("Season {season}", season=stats.season))
    return embed


async def stats_message(
    t: Text, store: DataStore, guild_id: int, player_id: int, name: str
) -> tuple[discord.Embed, list[discord.File]]:
    """``/taroky stats``: the counters of ``stats_embed``, the player's rating in each
    variant, and a chart of the season hand by hand (of the variant they played most,
    from their second rated hand on)."""
    embed = await stats_embed(t, store, guild_id, player_id, name)
    history = await store.rating_history(guild_id, str(player_id))
    if not history:
        return embed, []
    embed.add_field(name=t._("Rating"), value="\n".join(
        f"{t.variant_title(v)}: {standing_line(t, past[-1])}" for v, past in history.items()), inline=False)
    charted = {v: past for v, past in history.items() if len(past) >= 2}  # (a line needs two hands)
    if not charted:
        return embed, []
    variant, past = max(charted.items(), key=lambda vp: (vp[1][-1].hands, vp[0]))
    series = [Series(t._("Rating"), tuple(s.rating for s in past)),
              Series(t._("Skill"), tuple(s.mu for s in past), thin=True)]
    png = await asyncio.to_thread(chart_png, ChartScene(
        t._("Rating of {name} — {variant}", name=name, variant=t.variant_title(variant)), tuple(series),
        t._("hands this season"), decimal_comma=t.number(Decimal("0.5")) != "0.5"))
    embed.set_image(url="attachment://rating.png")
    return embed, [discord.File(io.BytesIO(png), filename="rating.png")]


# ---------------------------------------------------------------------- components
ENGLISH = Text()


def _page_label(t: Text, direction: str) -> str:
    return t._("Previous") if direction == "p" else t._("Next")


async def _guard(interaction: discord.Interaction, coro: Awaitable[None]) -> None:
    try:
        await coro
    except Exception as error:
        await reply_error(interaction, error)


class HistoryPageButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"tkr:h:(?P<page>\d{1,6}):(?P<direction>[pn])",
):
    """Previous/Next of the history message (``direction`` keeps the two ids apart)."""

    def __init__(self, page: int, direction: str, t: Text = ENGLISH, *, disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(
            label=_page_label(t, direction), custom_id=f"tkr:h:{page}:{direction}",
            disabled=disabled, row=4,
        ))
        self.page = page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HistoryPageButton:
        return cls(int(match["page"]), match["direction"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _guard(interaction, self._page(interaction))

    async def _page(self, interaction: discord.Interaction) -> None:
        embed, view = await history_message(
            await reader(interaction), store_of(interaction), guild_of(interaction), interaction.channel_id or 0, self.page
        )
        await interaction.response.edit_message(embed=embed, view=view)


class LeaderboardPageButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=(
        r"tkr:l:(?P<order>\d):(?P<currency>[^:\s]{1,16}):(?P<variant>[^:\s]{1,40})"
        r":(?P<page>\d{1,6}):(?P<direction>[pn])"
    ),
):
    """Previous/Next of the leaderboard: the id keeps its order, currency and variant."""

    def __init__(
        self, order: str, currency: str | None, variant: str | None, page: int, direction: str,
        t: Text = ENGLISH, *, disabled: bool = False,
    ) -> None:
        custom_id = f"tkr:l:{ORDER_KEYS.index(order)}:{currency or '_'}:{variant or '_'}:{page}:{direction}"
        super().__init__(discord.ui.Button(
            label=_page_label(t, direction), custom_id=custom_id, disabled=disabled, row=4,
        ))
        self.order, self.currency, self.variant, self.page = order, currency, variant, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LeaderboardPageButton:
        order = ORDER_KEYS[min(int(match["order"]), len(ORDER_KEYS) - 1)]
        currency = None if match["currency"] == "_" else match["currency"]
        variant = None if match["variant"] == "_" else match["variant"]
        return cls(order, currency, variant, int(match["page"]), match["direction"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _guard(interaction, self._page(interaction))

    async def _page(self, interaction: discord.Interaction) -> None:
        embed, view = await leaderboard_message(  # (a public message: the server's language)
            await server(interaction), store_of(interaction), guild_of(interaction), self.currency, self.variant,
            self.order, self.page,
        )
        await interaction.response.edit_message(embed=embed, view=view)


class DownloadSelect(discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]], template=r"tkr:d"):
    """The history's select: sends the chosen hand's record as a JSON file (ephemeral)."""

    def __init__(self, t: Text = ENGLISH, options: list[discord.SelectOption] | None = None) -> None:
        super().__init__(discord.ui.Select(
            custom_id="tkr:d", placeholder=t._("Download a hand record (JSON)"),
            options=options or [discord.SelectOption(label="-")],
        ))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> DownloadSelect:
        return cls()

    async def callback(self, interaction: discord.Interaction) -> None:
        await _guard(interaction, self._download(interaction))

    async def _download(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        if not values:
            raise RecordsError(N_("Choose a hand to download."))
        file = await record_file(store_of(interaction), guild_of(interaction), interaction.channel_id or 0, values[0])
        t = await reader(interaction)
        await interaction.response.send_message(
            t._("Here is the hand record. Replay it with `taroky replay FILE`."), file=file, ephemeral=True
        )


#: Every kind, for ``bot.add_dynamic_items``.
RECORDS_COMPONENTS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    HistoryPageButton, LeaderboardPageButton, DownloadSelect,
)


# ---------------------------------------------------------------------- admin
def is_admin(interaction: discord.Interaction) -> bool:
    user = interaction.user
    if not isinstance(user, discord.Member):
        return False
    perms = user.guild_permissions
    return perms.manage_guild or perms.administrator


async def max_tables(interaction: discord.Interaction) -> int:
    """The open tables the interaction's server allows (``/taroky-admin max-tables``;
    without a store or a setting: ``DEFAULT_MAX_TABLES``)."""
    store = table_client(interaction).store
    if store is None or interaction.guild_id is None:
        return DEFAULT_MAX_TABLES
    return await store.get_max_tables(interaction.guild_id) or DEFAULT_MAX_TABLES


def require_admin(interaction: discord.Interaction) -> None:
    if not is_admin(interaction):
        raise RecordsError(N_("Only members with the Manage Server permission can do that."))


CURRENCY_CHOICES = [app_commands.Choice(name=n, value=c) for c, n in CURRENCY_NAMES.items()]


@app_commands.default_permissions(manage_guild=True)
@app_commands.guild_only()
class TarokyAdmin(commands.GroupCog, group_name="taroky-admin", group_description="Taroky administration (Manage Server)"):
    """Seasons, starting amounts and the ledger export.  Discord shows the group only to
    members with Manage Server (by default); every callback checks it again."""

    season = app_commands.Group(name="season", description="Seasons of this server's scores")

    def __init__(self, bot: TarokyBot) -> None:
        self.bot = bot
        super().__init__()

    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await reply_error(interaction, error)

    @season.command(name="new", description="Start a new season: balances, pools and stats start afresh")
    async def season_new(self, interaction: discord.Interaction) -> None:
        await _guard(interaction, self._season_new(interaction))

    async def _season_new(self, interaction: discord.Interaction) -> None:
        require_admin(interaction)
        store = store_of(interaction)
        season = await store.start_new_season(guild_of(interaction))
        t = await reader(interaction)
        await interaction.response.send_message(
            t._("Season {season} has started: balances start again from the starting amounts and every pool "
                "from zero. Earlier seasons stay in the history.", season=season),
            ephemeral=True,
        )

    @app_commands.command(name="set-starting-chips", description="Set what a player starts a season with")
    @app_commands.describe(currency="Which money", amount="The amount, e.g. 100 or 12.50 for Kč")
    @app_commands.choices(currency=CURRENCY_CHOICES)
    async def set_starting(self, interaction: discord.Interaction, currency: str, amount: str) -> None:
        await _guard(interaction, self._set_starting(interaction, currency, amount))

    async def _set_starting(self, interaction: discord.Interaction, currency: str, amount: str) -> None:
        require_admin(interaction)
        if currency not in CURRENCY_NAMES:
            raise RecordsError(N_("There is no currency '{currency}'; use one of {currencies}."),
                               currency=currency, currencies=", ".join(CURRENCY_NAMES))
        t = await reader(interaction)
        low, high = t.money(currency, 0), t.money(currency, MAX_STARTING)
        if len(amount) > 20:  # (never read: far past the bound, and echoed only in part)
            raise RecordsError(N_("The starting amount is from {low} to {high}; '{amount}…' is far too long."),
                               low=low, high=high, amount=amount[:19])
        try:
            value = parse_amount(currency, amount)
        except ValueError:
            raise RecordsError(N_("'{amount}' is not an amount of {currency}."),
                               amount=amount, currency=currency_name(t, currency)) from None
        if value < 0 or value > MAX_STARTING:
            raise RecordsError(N_("The starting amount is from {low} to {high}, not {amount}."),
                               low=low, high=high, amount=t.money(currency, value))
        store = store_of(interaction)
        await store.set_starting_amount(guild_of(interaction), currency, value)
        await interaction.response.send_message(
            t._("Players now start a season with {amount} "
                "(from their first hand; balances that exist are unchanged).", amount=t.money(currency, value)),
            ephemeral=True,
        )

    @app_commands.command(name="max-tables", description="How many tables may be open in this server at once")
    @app_commands.describe(count=f"Open tables at once (default {DEFAULT_MAX_TABLES})")
    async def max_tables(self, interaction: discord.Interaction,
                         count: app_commands.Range[int, 1, MAX_TABLES_LIMIT]) -> None:
        await _guard(interaction, self._max_tables(interaction, count))

    async def _max_tables(self, interaction: discord.Interaction, count: int) -> None:
        """Issue #29: the cap on open tables, kept with the server's settings."""
        require_admin(interaction)
        if not 1 <= count <= MAX_TABLES_LIMIT:
            raise RecordsError(N_("A server may allow from 1 to {limit} open tables."), limit=MAX_TABLES_LIMIT)
        await store_of(interaction).set_max_tables(guild_of(interaction), count)
        t = await reader(interaction)
        await interaction.response.send_message(t.ngettext(
            "This server now allows {n} open table at once (tables already open stay open).",
            "This server now allows {n} open tables at once (tables already open stay open).", count),
            ephemeral=True)

    @app_commands.command(name="retry-payment", description="Try again to pay this channel's unpaid hand")
    async def retry_payment(self, interaction: discord.Interaction) -> None:
        await _guard(interaction, self._retry_payment(interaction))

    async def _retry_payment(self, interaction: discord.Interaction) -> None:
        """Issue #15: a hand the database kept refusing stays unpaid until an admin asks."""
        require_admin(interaction)
        table = table_client(interaction).tables.get(interaction.channel_id or 0)
        if table is None or table.settlement.unpaid is None:
            raise RecordsError(N_("This channel's table has no unpaid hand."))
        await interaction.response.defer(ephemeral=True, thinking=True)  # the database may be slow
        t = await reader(interaction)
        if await table.retry_settlement():
            text = t._("The hand is paid now.")
        else:
            text = t._("The database still refuses this hand's payments: it stays recorded as unpaid "
                       "(the bot's log says why); try again once that is fixed.")
        await reply(interaction, text)

    @app_commands.command(name="annul", description="Annul this channel's hand in play: nobody pays, the table closes")
    async def annul(self, interaction: discord.Interaction) -> None:
        await _guard(interaction, self._annul(interaction))

    async def _annul(self, interaction: discord.Interaction) -> None:
        """Issue #29: an admin's explicit annul of the hand in play (no vote needed)."""
        require_admin(interaction)
        table = table_client(interaction).tables.get(interaction.channel_id or 0)
        if table is None:
            raise RecordsError(N_("This channel's table has no hand in play to annul."))
        await interaction.response.defer(ephemeral=True, thinking=True)
        await table.annul()
        t = await reader(interaction)
        await reply(interaction, t._("The hand is annulled: nobody pays or is paid for it, its record (with the "
                                     "deck and the salt) is in /taroky history, and the table is closed."))

    @app_commands.command(name="export-ledger", description="Download this season's ledger as a CSV file")
    async def export_ledger(self, interaction: discord.Interaction) -> None:
        await _guard(interaction, self._export(interaction))

    async def _export(self, interaction: discord.Interaction) -> None:
        require_admin(interaction)
        store = store_of(interaction)
        guild_id = guild_of(interaction)
        season = await store.current_season(guild_id)
        csv_text = await store.export_ledger_csv(guild_id)
        file = discord.File(io.BytesIO(csv_text.encode()), filename=f"taroky-ledger-season-{season}.csv")
        t = await reader(interaction)
        await interaction.response.send_message(
            t._("The ledger of season {season}: every transfer, tied to its hand.", season=season),
            file=file, ephemeral=True,
        )
