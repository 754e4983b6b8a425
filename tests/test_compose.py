"""docker-compose.yml parses, and the commands it runs exist (no Docker engine here)."""

import importlib.util

import pytest
import yaml

from tests.conftest import ROOT
from service.settings import Settings

COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def test_profiles_and_healthchecks():
    services = COMPOSE["services"]
    assert services["addrx"]["profiles"] == ["local"]
    assert {"vllm-a", "vllm-b", "addrx-remote"} <= set(services)
    for name in ("addrx", "addrx-remote"):
        check = " ".join(services[name]["healthcheck"]["test"])
        assert "/ready" in check and services[name]["healthcheck"]["start_period"] == "300s"
    assert services["addrx"]["deploy"]["resources"]["reservations"]["devices"][0]["capabilities"] == ["gpu"]


def test_ray_profile_starts_a_head_and_gpu_workers():
    head, worker = COMPOSE["services"]["ray-head"], COMPOSE["services"]["ray-worker"]
    assert head["profiles"] == worker["profiles"] == ["ray"]
    assert head["command"][:3] == ["ray", "start", "--head"] and "ray-head:6379" in worker["command"]
    assert worker["deploy"]["resources"]["reservations"]["devices"][0]["capabilities"] == ["gpu"]
    assert importlib.util.find_spec("service.bulk_ray")


def test_service_command_and_environment_exist():
    for name in ("addrx", "addrx-remote"):
        service = COMPOSE["services"][name]
        assert service["command"][1:] == ["-m", "service"] and importlib.util.find_spec("service.__main__")
        for key in service["environment"]:
            assert key.startswith("ADDRX_") and key[6:].lower() in Settings.model_fields, key


@pytest.mark.engine  # imports vLLM (~15 s)
def test_replica_flags_are_real_vllm_serve_flags():
    from vllm.entrypoints.launchers.cli_args import make_arg_parser
    from vllm.utils.argparse_utils import FlexibleArgumentParser

    parser = make_arg_parser(FlexibleArgumentParser())
    args = parser.parse_args(COMPOSE["services"]["vllm-a"]["command"])
    assert args.model == "/models/addrx-qwen3-0.6b" and args.enable_prefix_caching
