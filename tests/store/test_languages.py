"""The languages players and servers chose are kept by the store (issue #14)."""

from __future__ import annotations

import pytest

from bot.store import Store
from tests.store.conftest import OpenStore


async def test_a_choice_is_kept_changed_and_forgotten(open_store: OpenStore) -> None:
    store: Store = await open_store()
    try:
        assert await store.get_language("user", 7) is None
        await store.set_language("user", 7, "cs")
        await store.set_language("guild", 7, "pl")  # the same id in the other scope
        await store.set_language("user", 7, "ro")
    finally:
        await store.close()
    store = await open_store()  # and after a restart
    try:
        assert await store.get_language("user", 7) == "ro"
        assert await store.get_language("guild", 7) == "pl"
        await store.set_language("user", 7, None)
        assert await store.get_language("user", 7) is None
        with pytest.raises(ValueError):
            await store.set_language("channel", 7, "cs")
    finally:
        await store.close()
