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
    """The newest checkpoint ms-swift wrote under an sft output directory."""
    ckpts = sorted(Path(out).glob("v*/checkpoint-*"), key=lambda p: (p.stat().st_mtime, int(p.name.split("-")[-1])))
    if not ckpts:
        raise SystemExit(f"no checkpoint under {out}")
    return ckpts[-1]


def adapter_dir(path: str | Path) -> Path:
    """A checkpoint directory as given, or the newest checkpoint of an sft output directory."""
    path = Path(path)
    return path if (path / "adapter_config.json").exists() else last_checkpoint(path)
