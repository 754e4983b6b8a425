"""Run the service: python -m service (host, port, model from ADDRX_* settings)."""

from __future__ import annotations

import uvicorn

from .app import create_app
from .logs import configure
from .settings import get_settings


def main() -> None:
    settings = get_settings()
    configure(settings.log_level)
    uvicorn.run(create_app(settings), host=settings.host, port=settings.port, log_level="warning")


if __name__ == "__main__":
    main()
