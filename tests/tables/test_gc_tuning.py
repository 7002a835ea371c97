"""After start-up the bot freezes what is alive and collects less often (no long full
collections under load); the tests' settings leave the collector alone."""

from __future__ import annotations

import gc

from bot.app import GC_THRESHOLDS, tune_gc
from bot.config import Settings


def test_tune_gc_freezes_the_start_up_objects_and_raises_the_thresholds() -> None:
    before = gc.get_threshold()
    try:
        tune_gc()
        assert gc.get_threshold() == GC_THRESHOLDS
        assert gc.get_freeze_count() > 0
        assert GC_THRESHOLDS[0] > before[0]
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


def test_the_bot_tunes_by_default_tests_do_not() -> None:
    assert Settings().tune_gc and Settings().render_processes >= 1
    tests = Settings().for_tests()
    assert not tests.tune_gc and tests.render_processes == 0 and tests.picture_wait is None
    assert Settings().picture_wait is not None and Settings().picture_wait < 0.05
    assert tests.group_interval == 0 and 0.05 <= Settings().group_interval <= 0.1
