"""Engine hosts (ADDRX_ENGINE_PROCESSES): how the engines, workers and memory are shared out, and how the
parts of a batch come back together. The real thing runs in tests/test_engine.py and test_engine_faults.py."""

import pytest
from pydantic import ValidationError

from service.backends import build_backend
from service.backends.base import BatchStats, pick_engine
from service.backends.hosted import HostedVllmBackend, host_settings, merge_stats, shares
from service.settings import Settings


def test_shares_split_as_evenly_as_possible_larger_first():
    assert shares(5, 2) == [3, 2] and shares(4, 4) == [1, 1, 1, 1] and shares(0, 2) == [0, 0] and shares(7, 3) == [3, 2, 2]


def test_pick_engine_spreads_by_default_and_packs_when_asked():
    assert pick_engine([3, 1, 2], 0) == 1 and pick_engine([0, 0], 0) == 0
    assert pick_engine([5, 0, 0], 8) == 0  # the first engine fills to 8 before the next gets any
    assert pick_engine([8, 3, 0], 8) == 1 and pick_engine([8, 8, 9], 8) == 0  # all full: the least busy


def test_each_host_keeps_the_packing_for_its_own_engines():
    settings = Settings(model="m", engines=4, engine_processes=2, engine_pack=64, postprocess_stream=16)
    assert host_settings(settings, 1).engine_pack == 64 and host_settings(settings, 1).postprocess_stream == 16


def test_each_host_gets_its_share_of_engines_workers_and_memory():
    settings = Settings(model="m", engines=5, engine_processes=2, postprocess_workers=3, gpu_memory_utilization=0.8)
    first, second = host_settings(settings, 0), host_settings(settings, 1)
    assert (first.engines, second.engines) == (3, 2) and (first.postprocess_workers, second.postprocess_workers) == (2, 1)
    assert first.engine_processes == second.engine_processes == 1  # a host drives its engines itself
    # engine_kwargs divides a host's share by its engines: every engine keeps the share one process would give it
    per_engine = [h.gpu_memory_utilization / h.engines for h in (first, second)]
    assert per_engine == pytest.approx([0.8 / 5, 0.8 / 5])


def test_more_processes_than_engines_is_refused_by_name():
    with pytest.raises(ValidationError, match="ADDRX_ENGINE_PROCESSES"):
        Settings(model="m", engines=2, engine_processes=3)


def test_build_backend_drives_the_engines_from_hosts_only_when_asked():
    assert isinstance(build_backend(Settings(model="m", engines=2, engine_processes=2)), HostedVllmBackend)
    assert type(build_backend(Settings(model="m", engines=2))).__name__ == "VllmBackend"
    cascade = build_backend(Settings(model="m", engines=2, engine_processes=2, rules_first=True))
    assert isinstance(cascade.inner, HostedVllmBackend) and cascade.name == "rules+vllm"


def test_a_batch_split_over_hosts_reports_the_longest_part_and_every_token():
    merged = merge_stats([BatchStats(engine_ms=30, queue_ms=2, prompt_tokens=10, output_tokens=5, repaired=1),
                          BatchStats(engine_ms=50, queue_ms=1, prompt_tokens=7, output_tokens=4)])
    assert (merged.engine_ms, merged.queue_ms, merged.prompt_tokens, merged.output_tokens, merged.repaired) == (50, 2, 17, 9, 1)
