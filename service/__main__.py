"""Run the service: python -m service (host, port, model, limits from ADDRX_* settings)."""

from __future__ import annotations

from .logs import configure
from .server import serve
from .settings import get_settings


def main() -> None:
    settings = get_settings()
    configure(settings.log_level, settings.log_raw)
    serve(settings)


if __name__ == "__main__":
    main()
