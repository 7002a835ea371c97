"""Issue #30: the metrics and health endpoint of the real bot under SimCord, scraped on
loopback as Prometheus would: the counters move when a hand is played, ``/healthz``
says ok while the bot serves and not ok once it stops."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import urllib.error
import urllib.request
from typing import Any

import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.config import Settings
from bot.monitor import probe
from tests.discord.harness import open_panel, play_out, table_message, table_of


@pytest.fixture
def test_settings() -> Settings:
    """The tests' settings with the endpoint on (a free loopback port)."""
    return dataclasses.replace(Settings(token="").for_tests(), metrics_address=("127.0.0.1", 0))


@pytest.fixture(autouse=True)
async def stop_the_endpoint(world: Any) -> Any:
    """SimCord detaches the bot without closing it: its endpoint is stopped here."""
    yield
    if world.bot.monitor is not None:
        world.bot.monitor.stop()


def _get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


async def scrape(world: Any) -> dict[str, float]:
    """Every sample of ``/metrics`` (name and labels -> value), fetched over loopback."""
    status, body = await asyncio.to_thread(_get, f"http://127.0.0.1:{world.bot.monitor.port}/metrics")
    assert status == 200
    samples: dict[str, float] = {}
    for family in text_string_to_metric_families(body.decode()):
        for s in family.samples:
            labels = ",".join(f"{k}={v}" for k, v in sorted(s.labels.items()))
            samples[f"{s.name}{{{labels}}}" if labels else s.name] = s.value
    return samples


async def health(world: Any) -> tuple[int, dict[str, Any]]:
    status, body = await asyncio.to_thread(_get, f"http://127.0.0.1:{world.bot.monitor.port}/healthz")
    return status, json.loads(body)


async def test_a_hand_played_moves_the_counters(world: Any) -> None:
    before = await scrape(world)
    assert before["taroky_tables_open"] == 0
    await world.alice.slash(world.channel, "taroky new", options="throw_in_povinnost=false")
    await world.alice.click(table_message(world), label="Start")  # three computers join her
    table = table_of(world)
    await play_out(world, {world.alice.id: await open_panel(world, world.alice)})
    assert table.status == "between"
    await world.env.settle()
    after = await scrape(world)

    def moved(name: str) -> float:
        return after.get(name, 0.0) - before.get(name, 0.0)

    assert after["taroky_tables_open"] == 1
    assert after["taroky_unpaid_hands"] == 0  # (the memory store pays at once)
    assert moved("taroky_hands_total{variant=czech}") == 1
    assert moved("taroky_actions_total{by=computer}") > 0
    assert moved("taroky_actions_total{by=player}") > 0
    # Each of alice's game choices: acknowledged, then shown by an edit of the table message.
    assert moved("taroky_click_ack_seconds_count") == moved("taroky_actions_total{by=player}")
    assert moved("taroky_click_edit_seconds_count") > 0
    assert after["taroky_pictures_queued"] == 0  # every picture drawn
    for series in ("taroky_database_errors_total{kind=write}", "taroky_settlement_failures_total",
                   "taroky_computer_fallbacks_total{reason=late}", "taroky_settlement_retries_total{outcome=paid}"):
        assert series in after  # (at zero: nothing failed)
    assert any(name.startswith("process_") for name in after)  # the process's own


async def test_health_is_ok_while_serving_and_not_once_stopping(world: Any) -> None:
    status, body = await health(world)
    assert (status, body["status"]) == (200, "ok"), body
    healthy, sentence = await asyncio.to_thread(probe, "0.0.0.0", world.bot.monitor.port)
    assert healthy and sentence.startswith("healthy: 0 table(s) open"), sentence
    await world.bot.manager.shutdown()  # the first step of a clean stop (SIGTERM)
    status, body = await health(world)
    assert (status, body) == (503, {"status": "unhealthy", "reason": "stopping"})
    healthy, sentence = await asyncio.to_thread(probe, "127.0.0.1", world.bot.monitor.port)
    assert not healthy and sentence == "unhealthy: stopping."
