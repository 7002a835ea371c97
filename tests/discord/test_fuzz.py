"""A seeded fuzz of the whole bot under SimCord (issue #15): several tables in several
channels of two guilds; wrong users, stale panels, double clicks, forged custom ids,
extreme option values, admin commands by non-admins, restarts, time travel, and injected
Discord HTTP errors (403, 404, 429, 5xx) and database errors.

After every step: no unhandled error, every interaction answered, the ledger intact
(``check_integrity``), and no secret (a live deal's salt) in any message.  At the end,
with the faults lifted: no table stuck, every finished hand paid.

CI runs a short fuzz (``TAROKY_FUZZ_STEPS``, default 60).  Run it longer with
``TAROKY_FUZZ_MINUTES=5`` (steps until the time is up) and another ``TAROKY_FUZZ_SEED``;
the figures are printed (``-s``).
"""

from __future__ import annotations

import os
import random
import time
from collections import Counter
from typing import Any

import discord
import pytest
from simcord.backend.errors import SetupError

from bot.tables.deals import Deals
from bot.tables.settlement import SETTLE_RETRY_MAX
from tests.discord.harness import action_ids, custom_ids, select_ids, select_min, select_options
from tests.discord.test_faults import RefusingWrites, make_bot  # noqa: F401 (the SQLite bot)

pytestmark = pytest.mark.simcord(settle_timeout=60)

SEED = int(os.environ.get("TAROKY_FUZZ_SEED", "15"))
STEPS = int(os.environ.get("TAROKY_FUZZ_STEPS", "60"))
MINUTES = float(os.environ.get("TAROKY_FUZZ_MINUTES", "0"))

OPTIONS = [
    "throw_in_povinnost=false", "", "solo_rate=100000000000000000000", "solo_rate=-40",
    "solo_rate=10000", "zid=true,throw_in_povinnost=false", "x" * 2100, "solo_rate=" + "9" * 4301,
    "nonsense", "ritual=true",
]
HTTP_FAULTS = [
    ("POST", "/channels/*/messages"), ("PATCH", "/channels/*/messages/*"),
    ("PATCH", "/webhooks/*"), ("POST", "/webhooks/*"), ("*", "/channels/*"),
]
STATUSES = [403, 404, 429, 500, 502, 503]


@pytest.fixture
def game_factory() -> Deals:
    return Deals(seed=SEED)


class Fuzz:
    def __init__(self, world: Any, make: Any) -> None:
        self.world, self.env, self.make_bot = world, world.env, make
        self.rng = random.Random(SEED)
        g2 = self.env.create_guild()
        self.channels = [world.channel, world.guild.create_text_channel("taroky-2"),
                         world.guild.create_text_channel("taroky-3"), g2.create_text_channel("taroky")]
        role = world.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
        self.admin = world.guild.add_member(self.env.create_user("erika"), roles=[role])
        others = [g2.add_member(self.env.create_user(n)) for n in ("ema", "filip", "gita")]
        self.members = {c.id: ([*world.players, self.admin] if i < 3 else others)
                        for i, c in enumerate(self.channels)}
        self.panels: list[Any] = []  # (member, InteractionResult) of panels opened, stale ones too
        self.counts: Counter[str] = Counter()
        self.refusing: RefusingWrites | None = None

    @property
    def bot(self) -> Any:
        return self.env.bot

    def messages(self, channel: Any) -> list[Any]:
        return [m for m in channel.history() if m.components]

    async def interact(self, kind: str, member: Any, op: Any) -> None:
        try:
            result = await op
        except SetupError:  # no such component any more: a real user could not click it
            self.counts["skipped"] += 1
            return
        self.counts[kind] += 1
        self.counts["interactions"] += 1
        assert result.acknowledged, f"{kind}: the interaction was never answered"
        if result.response is not None and result.response.embeds and any(
                "Your cards" in (f.name or "") for f in result.response.embeds[0].fields):
            self.panels.append((member, result))

    async def step(self) -> None:
        rng, env = self.rng, self.env
        channel = rng.choice(self.channels)
        member = rng.choice(self.members[channel.id])
        roll = rng.random()
        table = self.bot.tables.get(channel.id)
        if table is not None and rng.random() < 0.35:
            await self.advance_table(channel, table)
            return
        if roll < 0.08:
            await self.interact("new", member, member.slash(channel, "taroky new", options=rng.choice(OPTIONS),
                                                    players=rng.choice([4, 5])))
        elif roll < 0.30:
            candidates = self.messages(channel)
            self.counts["click tries"] += 1
            if candidates:
                message = rng.choice(candidates)
                ids = [c for c in custom_ids(message) if not c.startswith("tkr:")]
                if ids:
                    await self.interact("click", member, member.click(message, custom_id=rng.choice(ids)))
        elif roll < 0.55 and self.panels:
            owner, result = rng.choice(self.panels[-12:])  # a recent panel, maybe stale
            panel = result.response
            actor = owner if rng.random() < 0.85 else member  # wrong users too
            if panel is not None:
                buttons, selects = action_ids(panel), select_ids(panel)
                if buttons:
                    await self.interact("act", actor, actor.click(panel, custom_id=rng.choice(buttons)))
                elif selects:
                    values = select_options(panel, selects[0])
                    await self.interact("act", actor, actor.select(panel, values[:select_min(panel, selects[0])], custom_id=selects[0]))
        elif roll < 0.62:
            command = rng.choice(["taroky hand", "taroky join", "taroky leave", "taroky start",
                                  "taroky end", "taroky history", "taroky table", "taroky pool"])
            await self.interact(command, member, member.slash(channel, command))
        elif roll < 0.66:
            who = self.admin if rng.random() < 0.5 else member
            if channel.guild.id == self.world.guild.id or who is member:
                await self.interact("admin", who, who.slash(channel, "taroky-admin season new"))
        elif roll < 0.70:
            forged = rng.choice(["tk:a:deadbeef:s0:1:0:p-XX", "tk:l:0:start", "tkr:d", "tk:n:ffff",
                                 "tk:s:abcd:s9:99:99:discard"])
            await self.interact("forged", member, self.forged_click(channel, member, forged))
        elif roll < 0.80:
            method, path = rng.choice(HTTP_FAULTS)
            env.inject_error(method, path, status=rng.choice(STATUSES), times=rng.randint(1, 3))
            self.counts["http faults"] += 1
        elif roll < 0.85:
            if self.refusing is None or not self.refusing.on:
                self.refusing = RefusingWrites(self.bot.store, rng.choice(
                    ["database is locked", "attempt to write a readonly database", "database or disk is full"]))
                self.counts["db faults"] += 1
            else:
                self.refusing.on = False
        elif roll < 0.88:
            await self.restart()
        else:
            await env.advance_time(rng.choice([1, 5, 30, 121, 300]))
            self.counts["time travel"] += 1

    async def advance_table(self, channel: Any, table: Any) -> None:
        """Move a table on as its players would: start it, play the human's turn, deal again."""
        members = {m.id: m for m in self.members[channel.id]}
        if table.status == "lobby":
            await self.interact("start", self.rng.choice(list(members.values())),
                                members[table.host_id].slash(channel, "taroky start")
                                if table.host_id in members else self.rng.choice(list(members.values())).slash(
                                    channel, "taroky start"))
        elif table.status == "between":
            host = members.get(table.host_id) or self.rng.choice(list(members.values()))
            await self.interact("deal", host, self._deal_next(channel, table, host))
        elif table.status == "playing" and table.game is not None and table.game.to_act is not None:
            seat = table.seats[table.game.to_act]
            if seat is not None and seat.user_id in members:
                member = members[seat.user_id]
                await self.interact("taroky hand", member, member.slash(channel, "taroky hand"))
                owner, result = self.panels[-1] if self.panels else (None, None)
                if owner is member and result.response is not None:
                    panel = result.response
                    buttons, selects = action_ids(panel), select_ids(panel)
                    if buttons:
                        await self.interact("act", member, member.click(panel, custom_id=self.rng.choice(buttons)))
                    elif selects:
                        values = select_options(panel, selects[0])
                        await self.interact("act", member, member.select(panel, values[:select_min(panel, selects[0])], custom_id=selects[0]))

    async def _deal_next(self, channel: Any, table: Any, member: Any) -> Any:
        message = next((m for m in channel.history() if m.id == table.message_id), None)
        if message is None:
            raise SetupError("no table message")
        return await member.click(message, label="Deal the next hand")

    async def forged_click(self, channel: Any, member: Any, custom_id: str) -> Any:
        """The bot posts a message carrying a hand-made custom id; a member clicks it."""
        sender = self.bot.get_partial_messageable(channel.id, guild_id=channel.guild.id)
        view = discord.ui.View(timeout=None)
        if custom_id.startswith(("tkr:d", "tk:s:")):
            view.add_item(discord.ui.Select(custom_id=custom_id, options=[
                discord.SelectOption(label="x", value=self.rng.choice(["1-2-3-4", "'; DROP", "discard:7C"]))]))
        else:
            view.add_item(discord.ui.Button(label="Forged", custom_id=custom_id))
        faults = self.env.backend.faults
        saved, faults[:] = list(faults), []  # (the faults are for the bot, not this set-up)
        try:
            message = await sender.send("forged", view=view)
        finally:
            faults[:] = saved
        found = next(m for m in channel.history() if m.id == message.id)
        if custom_id.startswith(("tkr:d", "tk:s:")):
            value = found.components[0].children[0].options[0].value
            return await member.select(found, [value], custom_id=custom_id)
        return await member.click(found, custom_id=custom_id)

    async def restart(self) -> None:
        if self.refusing is not None:
            self.refusing.on = False
        await self.env.restart_bot(self.make_bot())
        self.refusing = None
        self.counts["restarts"] += 1

    async def check(self) -> None:
        """The invariants after every step."""
        assert not self.env.errors, f"unhandled errors: {self.env.errors}"
        store = self.bot.store
        if self.refusing is None or not self.refusing.on:
            assert await store.check_integrity() == []
        live = [t.deal_salt for t in self.bot.tables.tables.values()
                if t.status == "playing" and t.deal_salt]
        if live:
            for channel in self.channels:
                for message in channel.history():
                    text = str(message.content) + str([e.to_dict() for e in message.embeds])
                    assert not any(salt in text for salt in live), "a live deal's salt leaked"

    async def finish(self) -> None:
        """Lift every fault and let every table come to rest: none may stay stuck."""
        self.env.backend.faults.clear()
        if self.refusing is not None:
            self.refusing.on = False
        for _ in range(6):  # absent humans are replaced by computers; retries pay hands
            await self.env.advance_time(max(SETTLE_RETRY_MAX, 250) + 1)
        admins = {self.world.guild.id: self.admin}
        for channel in self.channels:  # a hand whose retries gave up waits for an admin
            table = self.bot.tables.get(channel.id)
            if table is not None and table.settlement.given_up:
                if channel.guild.id not in admins:
                    role = channel.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
                    admins[channel.guild.id] = channel.guild.add_member(self.env.create_user("hana"), roles=[role])
                await self.interact("retry-payment", admins[channel.guild.id],
                                    admins[channel.guild.id].slash(channel, "taroky-admin retry-payment"))
        for table in self.bot.tables.tables.values():
            assert table.status in ("lobby", "between"), f"table {table.id} is stuck ({table.status})"
            assert table.settlement.unpaid is None, f"table {table.id} has an unpaid hand"
        assert await self.bot.store.check_integrity() == []


async def test_fuzz(world, make_bot):  # noqa: F811 (the fixture)
    fuzz = Fuzz(world, make_bot)
    started = time.monotonic()
    steps = 0
    while (steps < STEPS) if MINUTES <= 0 else (time.monotonic() - started < MINUTES * 60):
        await fuzz.step()
        await fuzz.check()
        steps += 1
    await fuzz.finish()
    hands = sum([await fuzz.bot.store.count_hands(c.guild.id, c.id) for c in fuzz.channels])
    print(f"\nfuzz seed {SEED}: {steps} steps in {time.monotonic() - started:.0f} s, {hands} hands paid, "
          f"0 unhandled errors, 0 unanswered, 0 stuck; " + ", ".join(f"{k} {v}" for k, v in sorted(fuzz.counts.items())))
