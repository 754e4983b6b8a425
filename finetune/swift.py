"""The one way finetune stages call ms-swift: its CLI through this interpreter (works where the
`swift` console script is not on PATH), and where its checkpoints land."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SWIFT = [sys.executable, "-m", "swift.cli.main"]


def run_swift(*args: str) -> None:
    subprocess.run([*SWIFT, *args], check=True)


def last_checkpoint(out: str | Path) -> Path:
    """The final checkpoint of the newest ms-swift run under an sft output directory: where its
    `last-checkpoint` link (ms-swift 4: the last save) points, else its highest step (on the H200
    the merge took checkpoint-500 of a 540-step run, 2026-12-01)."""
    runs = sorted(Path(out).glob("v*-*"), key=lambda p: p.stat().st_mtime)
    for run in reversed(runs):
        if (run / "last-checkpoint").is_dir():
            return (run / "last-checkpoint").resolve()
        steps = sorted(run.glob("checkpoint-*"), key=lambda p: int(p.name.split("-")[-1]))
        if steps:
            return steps[-1]
    raise SystemExit(f"no checkpoint under {out}")


def adapter_dir(path: str | Path) -> Path:
    """A checkpoint directory as given, or the newest checkpoint of an sft output directory."""
    path = Path(path)
    return path if (path / "adapter_config.json").exists() else last_checkpoint(path)
