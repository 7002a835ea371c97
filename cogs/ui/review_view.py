"""The hand review on Discord (issue #28): the **Review** button and what it shows.

A paid hand's review (``bot.ai.review``, made off the event loop by the analyst,
``bot.ai.analyst``, and stored with the hand) is shown to one player at a time,
ephemerally, in their own language, and only for their own seat: their accuracy, luck,
money and play in the hand, and their costliest choices (up to three) — the moment (the
trick as it stood, or the phase), what they chose and what the strong player prefers,
each with its expected money and unit, the cost and its class, and one sentence to
learn from in Hint's words (the strong player's reason for a card, the normal player's
for a bid or an announcement it would have made too).  The trick of the costliest card
choice is also shown as a picture.

A hand still being analysed says so, and the reply is edited into the review once it
is stored (looked for every ``REVIEW_POLL`` seconds, up to ``REVIEW_WAIT``).  A review
an older judge made (``REVIEW_VERSION``) is never shown: it is queued to be made again
at once and answered the same way, as a hand still being analysed.

The button's id holds the hand's id (``tk:rv:<hand id>``): it works after a restart,
and the clicker's seat is read from the hand's participants — a member who did not play
the hand is refused, so nobody sees another seat's review.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
import weakref
from collections.abc import Iterator
from decimal import Decimal
from typing import Any, Final

import discord
from discord import app_commands

from bot.ai import reasons as R
from bot.ai.normal import choose_normal
from bot.ai.review import REVIEW_VERSION, Decision, HandReview, Judgement, SeatReview
from bot.ai.search import play_message  # (the strong player's reason for a card, as Hint says it)
from bot.engine import Kind, Variant, find_variant, parse_action, parse_card, replay_record
from bot.engine.cards import say_card
from bot.engine.names import name_seats
from bot.i18n import N_, Text
from bot.store import AnalysisState, DataStore, HandSummary
from bot.tables.errors import TableError
from bot.tables.limits import COOLDOWNS
from bot.tables.scenes import picture_words
from cogs.ui.client import TableClient, table_client
from cogs.ui.components import reply_error

__all__ = ["REVIEW_POLL", "REVIEW_WAIT", "ReviewButton", "current_review", "hand_for_button", "review_embed",
           "review_lines", "show_review", "store_for"]

log = logging.getLogger(__name__)

#: Seconds before the first look at the store while a reply waits for its review; each
#: later look waits half as long again as the one before, up to ``REVIEW_POLL_MAX`` (a
#: review is usually stored within seconds; one that is queued behind others is not
#: looked for every 2 s for ten minutes: about 45 reads instead of 300).
REVIEW_POLL: Final = 2.0
REVIEW_POLL_MAX: Final = 15.0
#: Seconds a "still being analysed" reply waits for its review (an interaction's reply
#: can be edited for 15 minutes).
REVIEW_WAIT: Final = 600.0
#: The replies waiting for their review (kept, so their tasks are not collected).
_waiting: set[asyncio.Task[None]] = set()
#: Per bot, per (server, member): the reviews left before the cooldown (``COOLDOWNS["review"]``).
_cooldowns: weakref.WeakKeyDictionary[TableClient, dict[tuple[int | None, int], app_commands.Cooldown]] = (
    weakref.WeakKeyDictionary())
#: Members whose cooldowns are kept before the passed ones are forgotten.
MAX_BUCKETS: Final = 1000

_PHASES: Final = {
    "auction": N_("In the auction"),
    "announce": N_("In the announcements"),
    "talon": N_("At the talon"),
    "call": N_("At the call"),
}
_JUDGEMENTS: Final = {
    Judgement.INACCURACY: N_("an inaccuracy"),
    Judgement.MISTAKE: N_("a mistake"),
    Judgement.BLUNDER: N_("a blunder"),
}


# ---------------------------------------------------------------------- words
def amount(t: Text, currency: str, x: float, *, sign: bool = False) -> str:
    """An amount of the variant's smallest unit, perhaps a fraction of a chip or point
    (an expected value), with its unit in ``t``'s language."""
    prefix = ("+" if x > 0 else "−" if x < 0 else "") if sign else ("−" if x < 0 else "")
    size = abs(x)
    if currency == "czk_hal" or abs(size - round(size)) < 0.05:
        return prefix + t.money(currency, round(size))
    n = t.number(Decimal(f"{size:.1f}"))
    if currency == "chips":
        return prefix + t.pgettext("a fraction of a chip", "{n} chips", n=n)
    return prefix + t.pgettext("a fraction of a point", "{n} points", n=n)


def _choice(v: Variant, code: str, t: Text) -> str:
    """A choice in the words of its button."""
    return v.label(parse_action(code), t)


def _moment(v: Variant, d: Decision, names: list[str], seat: int, t: Text) -> str:
    if d.phase != "play":
        msgid = _PHASES.get(d.phase)
        return t._(msgid) if msgid is not None else d.phase
    n = d.tricks_done + 1
    if not d.trick:
        return t._("Trick {n}: you lead", n=n)
    plays = ", ".join(f"{_name(names, s, seat, t)} {say_card(parse_card(c), v.card_words, t=t)}"
                      for s, c in d.trick)
    return t._("Trick {n}, after {plays}", n=n, plays=plays)


def _name(names: list[str], s: int, me: int, t: Text) -> str:
    if s == me:
        return t._("you")
    return names[s] if 0 <= s < len(names) else R.seat_name(s)


def lesson_line(v: Variant, record: dict[str, Any], d: Decision, names: list[str], t: Text) -> str:
    """One sentence to learn from, in Hint's words: for a card, the strong player's reason
    for its card over the chosen one; for another choice, the normal player's reason when
    it would have chosen what the strong player prefers; else what the preferred choice
    gained, in the buttons' words."""
    before = replay_record({**record, "actions": record["actions"][: d.step], "result": None})
    best, chosen = parse_action(d.best), parse_action(d.chosen)
    msg = None
    if best.kind is Kind.PLAY and chosen.kind is Kind.PLAY:
        view = before.view_for(d.seat)
        # (no share of the worlds is claimed: the review weighed the options, not the tricks)
        msg = play_message(before, d.seat, view, best.card, chosen.card, 0.5, False)
    elif before.variant.computer_choice(before, d.seat) is None:
        # (where the rules fix a computer player's choice, its reason is that rule, which
        # teaches a person nothing: the gain is said instead)
        normal = choose_normal(before, d.seat)
        if normal.action.code == d.best:
            msg = normal.msg
    if msg is not None:
        return t._("To learn: {reason}", reason=name_seats(msg.say(t), names))
    gain = d.options[0].money - next(o.money for o in d.options if o.action == d.chosen)
    return t._("To learn: in a moment like this, weigh **{best}**: over the sampled deals it made "
               "{gain} more than **{chosen}**.", best=_choice(v, d.best, t),
               gain=amount(t, _currency(v), gain), chosen=_choice(v, d.chosen, t))


def _currency(v: Variant) -> str:
    return v.currency


def review_lines(review: HandReview, record: dict[str, Any], seat: int, t: Text
                 ) -> tuple[str, list[tuple[str, str]], str]:
    """The review of ``seat`` said in ``t``'s language: the head, one (name, text) per
    costly choice, and the footnote."""
    v = find_variant(review.variant)
    cur = review.currency
    players = record.get("players")
    names = [str(p) for p in players] if isinstance(players, list) else []
    s: SeatReview = review.seat(seat)
    head = [t._("Accuracy: **{accuracy} %**", accuracy=t.number(Decimal(f"{s.accuracy:.0f}")))
            if s.accuracy is not None else t._("None of your choices in this hand needed judging."),
            t._("Money {money} · luck {luck} · play {play}", money=amount(t, cur, s.money, sign=True),
                luck=amount(t, cur, s.luck, sign=True), play=amount(t, cur, s.play, sign=True)),
            t._("Choices judged: {judged} (good {good}, inaccuracies {inaccuracies}, mistakes {mistakes}, "
                "blunders {blunders}); forced or not judged: {other}.",
                judged=len(s.decisions), good=s.count(Judgement.GOOD),
                inaccuracies=s.count(Judgement.INACCURACY), mistakes=s.count(Judgement.MISTAKE),
                blunders=s.count(Judgement.BLUNDER), other=s.forced + s.unjudged + s.over_budget)]
    costly = [d for d in s.costliest(3) if d.judgement is not Judgement.GOOD]
    if not costly and s.decisions:
        head.append(t._("None of your choices cost a tenth of a typical stake or more: well played."))
    fields = []
    for d in costly:
        chosen = next(o for o in d.options if o.action == d.chosen)
        best = d.options[0]
        text = "\n".join((
            t._("You chose **{chosen}** (expected {chosen_money}); the strong player prefers **{best}** "
                "(expected {best_money}).", chosen=_choice(v, d.chosen, t),
                chosen_money=amount(t, cur, chosen.money, sign=True), best=_choice(v, d.best, t),
                best_money=amount(t, cur, best.money, sign=True)),
            t._("It cost {cost}: {judgement}.", cost=amount(t, cur, d.cost),
                judgement=t._(_JUDGEMENTS[d.judgement])),
            lesson_line(v, record, d, names, t),
        ))
        fields.append((_moment(v, d, names, seat, t), text))
    foot = t._("Judged by the strong computer player on sampled deals; a typical stake is {stake}. Accuracy: "
               "100 % when every choice was as good as the best one. Luck: what your cards were worth, "
               "with normal computer players in every seat. Play: money minus luck.",
               stake=amount(t, cur, review.typical))
    return "\n".join(head), fields, foot


def review_embed(hand: HandSummary, review: HandReview, record: dict[str, Any], seat: int,
                 t: Text) -> discord.Embed:
    """The review of ``seat`` in hand ``hand`` as an embed (the reader's language)."""
    head, fields, foot = review_lines(review, record, seat, t)
    embed = discord.Embed(
        title=t._("Your review of hand #{seq} — {variant}", seq=hand.seq, variant=t.variant_title(hand.variant)),
        description=head[:4000], colour=discord.Colour.teal())
    for name, value in fields:
        embed.add_field(name=name[:256], value=value[:1024], inline=False)
    embed.set_footer(text=foot[:2048])
    return embed


def trick_picture(review: HandReview, record: dict[str, Any], seat: int, t: Text) -> discord.File | None:
    """The trick as it stood at the costliest card choice of ``seat`` (cards already on
    the table only: what every player saw), as a picture; None without one."""
    from rendering import render_trick
    from rendering.scenes import SeatInfo, TrickScene

    plays = [d for d in review.seat(seat).costliest(3) if d.judgement is not Judgement.GOOD]
    d = next((d for d in plays if d.phase == "play" and d.trick), None)
    if d is None:
        return None
    v = find_variant(review.variant)
    players = record.get("players")
    names = [str(p) for p in players] if isinstance(players, list) else []
    before = replay_record({**record, "actions": record["actions"][: d.step], "result": None})
    view = before.public_view()  # (the trick as everyone saw it)
    try:
        scene = TrickScene(
            seats=[SeatInfo(name=_name(names, s, seat, t), is_dealer=s == view.dealer,
                            is_forehand=s == view.forehand, sitting_out=s == view.sitting_out)
                   for s in range(view.num_seats)],
            plays=[(s, c) for s, c in view.trick],
            leader=view.trick[0][0],
            clockwise=v.clockwise,
            title=t._("Trick {n}", n=d.tricks_done + 1),
            card_words=v.card_words,
            words=picture_words(t.lang),
        )
        data = render_trick(scene)
    except Exception:  # a picture is a help, never a failure of the review
        log.exception("Drawing the trick of a review failed")
        return None
    return discord.File(io.BytesIO(data), filename="review-trick.png")


# ---------------------------------------------------------------------- showing it
def store_for(interaction: discord.Interaction) -> DataStore:
    store = table_client(interaction).store
    if store is None:
        raise TableError(N_("Scores are not kept here: the bot runs without its database."))
    return store


async def _payload(store: DataStore, hand: HandSummary, seat: int, review_dict: dict[str, Any],
                   t: Text) -> tuple[discord.Embed, list[discord.File]]:
    record = await store.get_hand_record(hand.hand_id)
    if record is None:  # pragma: no cover - a hand row always has its record
        raise TableError(N_("That hand has no record."))
    review = HandReview.from_dict(review_dict)  # (this judge's: ``current_review``)
    # (a replay to each costly moment and a picture: in a thread, off the event loop)
    embed = await asyncio.to_thread(review_embed, hand, review, record, seat, t)
    picture = await asyncio.to_thread(trick_picture, review, record, seat, t)
    if picture is not None:
        embed.set_image(url=f"attachment://{picture.filename}")
    return embed, [picture] if picture is not None else []


async def show_review(interaction: discord.Interaction, hand: HandSummary) -> None:
    """Answer ``interaction`` (ephemerally, in the reader's language) with the reader's
    own review of ``hand``; a hand still being analysed says so and the answer is edited
    into the review once it is stored."""
    client = table_client(interaction)
    store = store_for(interaction)
    if client.limits.cooldowns:
        _spend_cooldown(client, interaction)
    t = await client.languages.for_reader(interaction)
    if interaction.user.id not in hand.participants:
        raise TableError(N_("You did not play in hand #{seq}: a review shows only your own choices."),
                         seq=hand.seq)
    seat = list(hand.participants).index(interaction.user.id)
    state = await store.get_analysis(hand.hand_id)
    if state is None or seat not in state.seats:
        raise TableError(N_("Hand #{seq} has no review: only hands paid since the bot began reviewing "
                            "are reviewed, and only the seats of people."), seq=hand.seq)
    if state.status == "failed":
        raise TableError(N_("Hand #{seq} could not be reviewed."), seq=hand.seq)
    review = await current_review(store, state)
    if review is not None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # (a picture to draw)
        embed, files = await _payload(store, hand, seat, review, t)
        await interaction.edit_original_response(embed=embed, attachments=files)
        return
    await interaction.response.send_message(
        t._("The strong player is still looking at hand #{seq}: this message will show your review "
            "when it is ready.", seq=hand.seq), ephemeral=True)
    task = asyncio.get_running_loop().create_task(_when_ready(interaction, store, hand, seat, t),
                                                  name=f"taroky-review-{hand.hand_id}")
    _waiting.add(task)
    task.add_done_callback(_waiting.discard)


async def current_review(store: DataStore, state: AnalysisState) -> dict[str, Any] | None:
    """The stored review in ``state`` if this bot's judge made it (``REVIEW_VERSION``);
    None while it is not stored, and for one an older judge made, which is then queued
    to be made again at once (docs/review.md, "Reviews made again")."""
    if not state.done or state.review is None:
        return None
    if state.review_version == REVIEW_VERSION:
        return state.review
    await store.remake_analysis(state.hand_id, REVIEW_VERSION)
    return None


def _spend_cooldown(client: TableClient, interaction: discord.Interaction) -> None:
    """One review of the member's allowance (issue #29's bounds: each one replays the hand
    and draws a picture); ``CommandOnCooldown`` (said with the seconds left) past it."""
    rate, per = COOLDOWNS["review"]
    buckets = _cooldowns.setdefault(client, {})
    if len(buckets) > MAX_BUCKETS:  # (forget the members whose cooldown has passed)
        for old in [k for k, b in buckets.items() if b.get_tokens() == rate]:
            del buckets[old]
    bucket = buckets.setdefault((interaction.guild_id, interaction.user.id), app_commands.Cooldown(rate, per))
    retry_after = bucket.update_rate_limit()
    if retry_after is not None:
        raise app_commands.CommandOnCooldown(bucket, retry_after)


def review_polls() -> Iterator[float]:
    """The pauses between a waiting reply's looks at the store: ``REVIEW_POLL``, then each
    half as long again, at most ``REVIEW_POLL_MAX``."""
    pause = REVIEW_POLL
    while True:
        yield pause
        pause = min(REVIEW_POLL_MAX, pause * 1.5)


async def _when_ready(interaction: discord.Interaction, store: DataStore, hand: HandSummary, seat: int,
                      t: Text) -> None:
    """Edit the "still being analysed" reply into the review once it is stored."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + REVIEW_WAIT
    try:
        for pause in review_polls():
            if loop.time() + pause > deadline:
                break
            await asyncio.sleep(pause)
            state = await store.get_analysis(hand.hand_id)
            if state is None or state.status == "failed":
                await interaction.edit_original_response(
                    content=t._("Hand #{seq} could not be reviewed.", seq=hand.seq))
                return
            review = await current_review(store, state)
            if review is not None:
                embed, files = await _payload(store, hand, seat, review, t)
                await interaction.edit_original_response(content=None, embed=embed, attachments=files)
                return
        await interaction.edit_original_response(
            content=t._("The review of hand #{seq} is not ready yet: click **Review** again later.",
                        seq=hand.seq))
    except Exception:  # (the reply may be gone; the review stays in the store)
        log.exception("Showing the review of hand %s failed", hand.hand_id)


async def hand_for_button(store: DataStore, hand_id: str, guild_id: int | None) -> HandSummary:
    """The paid hand a Review button names (a button's id is the user's to forge: a hand
    of another server is refused)."""
    hand = await store.get_hand(hand_id)
    if hand is None or hand.guild_id != guild_id:
        raise TableError(N_("That hand is not in this server's history."))
    return hand


class ReviewButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"tk:rv:(?P<hand>[0-9A-Za-z_.-]{1,90})",
):
    """"Review" under a hand's summary (and on a teach-mode panel after the hand): the
    clicker's own review of that hand, ephemeral."""

    def __init__(self, hand_id: str, t: Text | None = None, *, row: int | None = None) -> None:
        super().__init__(discord.ui.Button(
            label=(t or Text())._("Review"), style=discord.ButtonStyle.secondary,
            custom_id=f"tk:rv:{hand_id}", row=row))
        self.hand_id = hand_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReviewButton:
        return cls(match["hand"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            hand = await hand_for_button(store_for(interaction), self.hand_id, interaction.guild_id)
            await show_review(interaction, hand)
        except Exception as error:
            await reply_error(interaction, error)
