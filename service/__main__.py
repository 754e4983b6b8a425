"""Run the service: python -m service (host, port, model, limits from ADDRX_* settings)."""

from __future__ import annotations

import sys

from pydantic import ValidationError

from .logs import configure
from .server import serve
from .settings import get_settings


def main() -> None:
    try:
        settings = get_settings()
    except ValidationError as exc:  # a clear line for the operator, not a traceback
        problems = "; ".join(f"ADDRX_{'.'.join(map(str, e['loc'])).upper()}: {e['msg']}" for e in exc.errors())
        sys.exit(f"addrx: invalid settings: {problems}")
    configure(settings.log_level, settings.log_raw)
    serve(settings)


if __name__ == "__main__":
    main()
