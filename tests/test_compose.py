"""docker-compose.yml parses, and the commands it runs exist (no Docker engine here)."""

import importlib.util

import pytest
import yaml

from tests.conftest import ROOT
from service.settings import Settings

COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def gpu_of(service: dict) -> list[str]:
    devices = service["deploy"]["resources"]["reservations"]["devices"]
    assert len(devices) == 1 and devices[0]["capabilities"] == ["gpu"] and "count" not in devices[0]
    return devices[0]["device_ids"]


def test_profiles_and_healthchecks():
    services = COMPOSE["services"]
    assert services["addrx"]["profiles"] == ["local"]
    assert {"vllm-a", "vllm-b", "addrx-remote"} <= set(services)
    for name in ("addrx", "addrx-remote"):
        check = " ".join(services[name]["healthcheck"]["test"])
        assert "/ready" in check and "ADDRX_API_KEYS" in check and services[name]["healthcheck"]["start_period"] == "300s"
    assert gpu_of(services["addrx"]) == ["0"]


def test_the_healthcheck_passes_on_a_ready_service_with_keys_and_fails_without():
    """The compose healthcheck's own command, run against a real server that needs a key (only the port differs)."""
    import os
    import subprocess
    import sys

    from tests.conftest import start_server, stop_server

    command = COMPOSE["services"]["addrx"]["healthcheck"]["test"]
    assert command[:3] == ["CMD", "python3", "-c"]
    url, proc = start_server({"ADDRX_MODEL": "", "ADDRX_API_KEYS": "key-1,key-2"}, headers={"x-api-key": "key-2"})
    try:
        code = command[3].replace("127.0.0.1:8000", url.split("//", 1)[1])

        def check(keys: str) -> int:
            return subprocess.run([sys.executable, "-c", code], env={**os.environ, "ADDRX_API_KEYS": keys},
                                  capture_output=True, timeout=30).returncode

        assert check("key-1,key-2") == 0  # the container's own env: healthy
        assert check("") != 0 and check("wrong") != 0  # /ready refuses without the key: unhealthy
    finally:
        stop_server(proc)


def test_each_gpu_container_names_its_gpu_and_shares_memory():
    services = COMPOSE["services"]
    assert gpu_of(services["vllm-a"]) != gpu_of(services["vllm-b"])
    assert gpu_of(services["ray-worker-0"]) != gpu_of(services["ray-worker-1"])
    for name, service in services.items():
        assert service.get("restart") == "unless-stopped", name
        if name.startswith(("vllm", "ray", "addrx")):
            assert service.get("ipc") == "host", name
    remote = services["addrx-remote"]
    assert "./models:/models:ro" in remote["volumes"] and remote["environment"]["ADDRX_MODEL"].startswith("/models/")


def test_the_image_takes_no_local_state_and_keeps_the_base_images_packages():
    ignored = (ROOT / ".dockerignore").read_text().split()
    assert {".git", ".venv", "runs", "models", ".gpu", ".gpurun"} <= set(ignored)
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "pip list --format=freeze --exclude-editable > /tmp/base-constraints.txt" in dockerfile
    assert "-c /tmp/base-constraints.txt" in dockerfile


def test_ray_profile_starts_a_head_and_gpu_workers():
    services = COMPOSE["services"]
    head, workers = services["ray-head"], [services["ray-worker-0"], services["ray-worker-1"]]
    assert head["profiles"] == ["ray"] and all(w["profiles"] == ["ray"] for w in workers)
    assert head["command"][:3] == ["ray", "start", "--head"] and all("ray-head:6379" in w["command"] for w in workers)
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
