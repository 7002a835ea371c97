"""The harness gives every SimCord test a settle timeout a busy machine can meet."""

from __future__ import annotations

import pytest

from tests.discord.conftest import SETTLE_TIMEOUT


async def test_a_test_without_its_own_timeout_gets_the_harness_one(simcord_env) -> None:
    assert simcord_env.settle_timeout == SETTLE_TIMEOUT


@pytest.mark.simcord(settle_timeout=7.0)
async def test_a_test_keeps_its_own_timeout(simcord_env) -> None:
    assert simcord_env.settle_timeout == 7.0
