"""One structured JSON log line per request. Safe by default: texts are logged only as their shape
(every letter of any script masked, every digit masked: names, phones in any format, house and
room numbers), exception messages the same way (tracebacks keep their code frames); only
ADDRX_LOG_RAW=true logs them as written."""

from __future__ import annotations

import json
import logging
import traceback
import unicodedata

log = logging.getLogger("addrx.request")


def mask_text(text: str) -> str:
    """The text's shape: letters (Han, Latin, any script) become *, digits #, the rest stays."""
    out = []
    for ch in text:
        kind = unicodedata.category(ch)[0]
        out.append("*" if kind == "L" else "#" if kind == "N" else ch if kind in "PZS" else "?")
    return "".join(out)


class JsonFormatter(logging.Formatter):
    def __init__(self, raw: bool = False):
        super().__init__()
        self.raw = raw

    def format(self, record: logging.LogRecord) -> str:
        payload = {"level": record.levelname, "logger": record.name, "msg": record.getMessage()}
        payload.update(getattr(record, "fields", {}))
        if record.exc_info and record.exc_info[0] is not None:  # server-side only, never in a response body
            kind, exc, tb = record.exc_info
            message = str(exc) if self.raw else mask_text(str(exc))  # messages may quote the text
            payload["exc_type"] = kind.__name__
            payload["traceback"] = "".join(traceback.format_tb(tb)) + f"{kind.__name__}: {message}"
        return json.dumps(payload, ensure_ascii=False)


def configure(level: str, raw: bool = False) -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter(raw))
    root = logging.getLogger("addrx")
    root.handlers[:] = [handler]
    root.setLevel(level)
    root.propagate = False


def current_setup() -> tuple[str, bool]:
    """configure()'s arguments as this process has them, for a spawned process to log the same way (it starts with
    no handler, and Python's last-resort one would print an exception's message unmasked)."""
    root = logging.getLogger("addrx")
    return logging.getLevelName(root.getEffectiveLevel()), any(getattr(h.formatter, "raw", False) for h in root.handlers)


def logging_state() -> tuple[str, list[str], bool]:
    """What this process's addrx logger does: its level, its formatters, raw or masked (tests read it from workers)."""
    level, raw = current_setup()
    return level, [type(h.formatter).__name__ for h in logging.getLogger("addrx").handlers], raw


def request_line(message: str, **fields) -> None:
    log.info(message, extra={"fields": fields})
