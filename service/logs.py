"""One structured JSON log line per request; names and phones masked unless ADDRX_LOG_RAW."""

from __future__ import annotations

import json
import logging
import re

from .extract.phones import PHONE_RE

log = logging.getLogger("addrx.request")


def mask_phone(phone: str) -> str:
    digits = re.sub(r"\D", "", phone)
    return digits[:3] + "*" * max(len(digits) - 5, 0) + digits[-2:] if len(digits) > 5 else "*" * len(digits)


def mask_name(name: str) -> str:
    return name[:1] + "*" * (len(name) - 1) if name else name


def mask_text(text: str, name: str | None) -> str:
    masked = PHONE_RE.sub(lambda m: mask_phone(m.group(0)), text)
    return masked.replace(name, mask_name(name)) if name else masked


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        payload = {"level": record.levelname, "logger": record.name, "msg": record.getMessage()}
        payload.update(getattr(record, "fields", {}))
        if record.exc_info:  # server-side only: type and traceback, never in a response body
            payload["exc_type"] = record.exc_info[0].__name__
            payload["traceback"] = self.formatException(record.exc_info)
        return json.dumps(payload, ensure_ascii=False)


def configure(level: str) -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger("addrx")
    root.handlers[:] = [handler]
    root.setLevel(level)
    root.propagate = False


def request_line(**fields) -> None:
    log.info("extract", extra={"fields": fields})
