"""After start-up the bot freezes what is alive and collects less often (no long full
collections under load), and hands the GIL to a waiting thread sooner; the tests'
settings leave the runtime alone."""

from __future__ import annotations

import gc
import sys

from bot.app import GC_THRESHOLDS, SWITCH_INTERVAL, tune_runtime
from bot.config import Settings


def test_tune_runtime_freezes_the_start_up_objects_raises_the_thresholds_and_shortens_the_switch() -> None:
    before, switch = gc.get_threshold(), sys.getswitchinterval()
    try:
        tune_runtime()
        assert gc.get_threshold() == GC_THRESHOLDS
        assert gc.get_freeze_count() > 0
        assert GC_THRESHOLDS[0] > before[0]
        assert sys.getswitchinterval() == SWITCH_INTERVAL < switch
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
        sys.setswitchinterval(switch)


def test_the_bot_tunes_by_default_tests_do_not() -> None:
    assert Settings().tune_runtime and Settings().render_processes >= 1
    tests = Settings().for_tests()
    assert not tests.tune_runtime and tests.render_processes == 0 and tests.picture_wait is None
    assert Settings().picture_wait is not None and Settings().picture_wait < 0.05
    assert tests.group_interval == 0 and 0.05 <= Settings().group_interval <= 0.1
