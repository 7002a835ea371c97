"""Pictures drawn in the render processes (``cogs.ui.output.RenderPool``) are the
pictures the golden images pin: moving the drawing out of the bot's process changes
no pixel; a pool that fails falls back to a thread."""

from __future__ import annotations

import contextlib
import io

import discord
import pytest
from PIL import Image

from cogs.ui.output import (
    ALT_TEXT_LIMIT,
    DiscordTableOutput,
    Drawn,
    RenderPool,
    _draw_all,
    alt_text,
)
from rendering import samples

from .golden_util import check_golden

SCENES = {
    "hand_to_play": samples.hand_to_play,
    "trick_clockwise_partial": samples.trick_nebraska_partial,
    "table_anticlockwise": samples.table_czech,
    "summary_povinnost": samples.summary_povinnost,
}


async def test_render_processes_draw_the_golden_pictures() -> None:
    scenes = [make() for make in SCENES.values()]
    pool = RenderPool(1)
    try:
        drawn = await pool.draw(scenes)
    finally:
        pool.close()
    assert drawn is not None
    for name, scene, (_, png, alt, _seconds) in zip(SCENES, scenes, drawn, strict=True):
        assert png is not None, name
        diff = check_golden(name, png)
        assert diff.ok, f"{name} drawn in a render process differs from its golden image: {diff}"
        # The alt text comes back with the picture (written there, not on the event
        # loop): the scene's text twin, summarised to Discord's limit.
        assert alt and alt == alt_text(scene) and len(alt) <= ALT_TEXT_LIMIT, name
    # The same pixels as drawn in this process. Not the same bytes: ISA-L's deflate may
    # choose other blocks on another CPU, or for a band deflated after other bands.
    assert [pixels(png) for _, png, _, _ in drawn] == [pixels(png) for _, png, _, _ in _draw_all(scenes)]


def pixels(png: bytes | None) -> tuple[tuple[int, int], bytes]:
    assert png is not None
    img = Image.open(io.BytesIO(png)).convert("RGB")
    return img.size, img.tobytes()


async def test_a_render_process_says_what_it_drew() -> None:
    """What the benchmarks read (``load.py --trace``): the render process's own counts
    of how it put its pictures together, not this process's."""
    pool = RenderPool(1)
    try:
        assert await pool.picture_work() == {}  # (not started)
        await pool.draw([samples.table_czech(), samples.table_czech()])
        work = await pool.picture_work()
    finally:
        pool.close()
    # (the second picture of the same table is drawn from the first: nothing changed)
    assert work["table: patched"] >= 1 and work["latest pictures (PNG bands) hits"] >= 1


class BrokenPool(RenderPool):
    async def draw(self, scenes: list[object], wanted: object = None) -> list[Drawn]:  # type: ignore[override]
        raise OSError("no processes here")


async def test_a_failing_render_pool_falls_back_to_a_thread() -> None:
    output = DiscordTableOutput(discord.Client(intents=discord.Intents.none()), render_processes=1)
    output.pool = BrokenPool(1)
    scene = samples.hand_to_play()
    png = await output.render(scene)
    assert png is not None and png.startswith(b"\x89PNG")
    assert output.pool is None  # it is not tried again
    assert check_golden("hand_to_play", png).ok


async def test_a_busy_pool_does_not_draw_what_nobody_will_see() -> None:
    """Pictures nobody will see are not drawn (issue #33): a batch waits for a free
    render process in the bot's process, and if its table has moved on by then (its
    ``wanted()`` is false) it is dropped; the newer change draws what is shown."""
    import asyncio

    pool = RenderPool(1)
    moved_on = False
    try:
        first = asyncio.ensure_future(pool.draw([samples.table_czech()]))
        await asyncio.sleep(0)  # (it takes the only render process)
        second = asyncio.ensure_future(pool.draw([samples.hand_to_play()], wanted=lambda: not moved_on))
        third = asyncio.ensure_future(pool.draw([samples.hand_sixteen()], wanted=lambda: True))
        await asyncio.sleep(0)
        moved_on = True  # the second batch's table moves on while the first is drawn
        assert await second is None
        assert pool.dropped == 1
        drawn = [await first, await third]
    finally:
        pool.close()
    assert all(batch is not None and batch[0][1] is not None for batch in drawn)


async def test_render_processes_yield_the_cpu_to_the_bot() -> None:
    """When the cores are busy the event loop goes first: a picture may come late, a
    click's text and buttons may not."""
    import os

    from cogs.ui.output import RENDER_NICENESS

    pool = RenderPool(1)
    try:
        await pool.draw([samples.hand_to_play()])  # starts the process
        theirs = await pool.run(os.nice, 0)
    finally:
        pool.close()
    assert theirs >= os.nice(0) + RENDER_NICENESS or theirs == 19


async def test_a_render_process_that_dies_fails_its_drawing_and_the_next_one_starts_anew() -> None:
    """A render process that ends mid-call (killed, out of memory) fails that call —
    ``DiscordTableOutput`` then draws in a thread (above) — and is not used again."""
    import asyncio
    import os

    pool = RenderPool(1)
    try:
        first = await pool.run(os.getpid)
        with pytest.raises(asyncio.IncompleteReadError):
            await pool.run(os._exit, 1)
        drawn = await pool.draw([samples.hand_to_play()])
        second = await pool.run(os.getpid)
    finally:
        pool.close()
    assert drawn is not None and drawn[0][1] is not None
    assert first != second != os.getpid()


async def test_a_drawing_whose_caller_gave_up_hands_its_process_back_once_drawn() -> None:
    """A batch whose caller is cancelled (its table closed) is still drawn to its end in
    the render process; the process then draws the next batch (it is neither ended nor
    left with an answer nobody read)."""
    import asyncio
    import os

    pool = RenderPool(1)
    try:
        pid = await pool.run(os.getpid)
        first = asyncio.ensure_future(pool.draw([samples.table_czech()]))
        for _ in range(3):  # (the request is sent; the picture takes milliseconds to draw)
            await asyncio.sleep(0)
        first.cancel()
        with pytest.raises(asyncio.CancelledError):
            await first
        drawn = await pool.draw([samples.hand_to_play()])
        again = await pool.run(os.getpid)
    finally:
        pool.close()
    assert drawn is not None and drawn[0][1] is not None
    assert check_golden("hand_to_play", drawn[0][1]).ok
    assert again == pid


async def test_an_error_in_a_render_process_is_raised_in_the_bot_and_the_process_stays() -> None:
    import os

    pool = RenderPool(1)
    try:
        pid = await pool.run(os.getpid)
        with pytest.raises(ValueError, match="invalid literal"):
            await pool.run(int, "not a number")
        again = await pool.run(os.getpid)
    finally:
        pool.close()
    assert again == pid


async def test_closing_the_pool_mid_drawing_leaves_no_process_behind_and_the_next_drawing_starts_one() -> None:
    """``close`` (the bot stops, or the pool failed) while a batch is drawn: that
    drawing fails or ends, its process is ended either way, and the pool keeps one
    place per render process (no second process from the drawing handed back late)."""
    import asyncio
    import os

    pool = RenderPool(1)
    try:
        old = await pool.run(os.getpid)
        drawing = asyncio.ensure_future(pool.draw([samples.table_czech()]))
        for _ in range(3):
            await asyncio.sleep(0)
        pool.close()
        with contextlib.suppress(asyncio.IncompleteReadError, ConnectionError):
            await drawing
        new = await pool.run(os.getpid)
        assert new != old
        assert pool._free.qsize() == 1 and len(pool._started) == 1
    finally:
        pool.close()
