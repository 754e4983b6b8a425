"""Files in and out for bulk runs, shared by the local path (bulk.py) and the Ray path
(bulk_ray.py): streamed reading of CSV/JSONL/text rows, output records, an appending writer that
flushes whole batches, resume by counting the complete rows already written (only into an output
made from the same input: its fingerprint is kept beside the output), and the in-process backend
as an extractor."""

from __future__ import annotations

import csv
import hashlib
import io
import json
from collections.abc import Iterator
from pathlib import Path

from .backends import build_backend
from .pipeline import encode, result_dict, to_backend
from .schema import FIELDS, Item
from .settings import Settings

OUT_FIELDS = ["row", *FIELDS, "status", "error", "adcode", "town", "town_code", "checks", "review", "contacts", "sender_address"]
_JSON_COLUMNS = ("checks", "review", "contacts", "sender_address")  # JSON in a CSV cell
csv.field_size_limit(1 << 24)  # long texts in one CSV cell


# --- reading ---------------------------------------------------------------------------------
def kind_of(path: Path) -> str:
    return {".csv": "csv", ".jsonl": "jsonl", ".ndjson": "jsonl"}.get(path.suffix.lower(), "txt")


def read_rows(path: Path, column: str, field: str) -> Iterator[tuple[dict, str]]:
    """(original row, text) per input record, streamed."""
    kind = kind_of(path)
    with path.open(encoding="utf-8-sig", newline="") as f:
        if kind == "csv":
            for row in csv.DictReader(f):
                if column not in row:
                    raise SystemExit(f"{path}: no column {column!r} (columns: {', '.join(row)})")
                yield row, row[column] or ""
        elif kind == "jsonl":
            for line in f:
                if line.strip():
                    obj = json.loads(line)
                    yield obj, str(obj.get(field) or "")
        else:
            for line in f:
                text = line.rstrip("\r\n")
                yield {"text": text}, text


def count_records(path: Path) -> int:
    """Lines in the file (a fast binary pass, for the progress bar's total; CSV minus its header)."""
    n = 0
    with path.open("rb") as f:
        while chunk := f.read(1 << 20):
            n += chunk.count(b"\n")
    return max(n - (1 if kind_of(path) == "csv" else 0), 0)


def batches(rows: Iterator[tuple[dict, str]], size: int) -> Iterator[list[tuple[dict, str]]]:
    batch = []
    for row in rows:
        batch.append(row)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


# --- writing and resuming ----------------------------------------------------------------------
def output_record(original: dict, row: int, result: dict) -> dict:
    out = dict(original)
    out.update({"row": row, **{f: result.get(f) for f in FIELDS}, "status": result.get("status"),
                "error": (result.get("error") or {}).get("code"), "adcode": result.get("adcode"),
                "town": result.get("town"), "town_code": result.get("town_code"),
                "checks": result.get("checks") or {}, "review": result.get("review"),
                "contacts": result.get("contacts") or [], "sender_address": result.get("sender_address")})
    return out


def rows_already_written(path: Path) -> int:
    """Complete rows in an existing output; a torn last line (an interrupted write) is cut off."""
    if not path.exists() or path.stat().st_size == 0:
        return 0
    data = path.read_bytes()
    keep = data[: data.rfind(b"\n") + 1]
    if len(keep) != len(data):
        with path.open("r+b") as f:
            f.truncate(len(keep))
    if kind_of(path) == "csv":
        reader = csv.reader(io.StringIO(keep.decode("utf-8"), newline=""))
        return max(sum(1 for _ in reader) - 1, 0)
    return keep.count(b"\n")


def input_fingerprint(path: Path, column: str, field: str) -> dict:
    """What makes the rows: the input's bytes (SHA-256, streamed) and the column or field read."""
    digest = hashlib.sha256()
    with path.open("rb") as f:
        while chunk := f.read(1 << 20):
            digest.update(chunk)
    return {"input": str(path.resolve()), "bytes": path.stat().st_size, "sha256": digest.hexdigest(),
            "text_from": column if kind_of(path) == "csv" else field if kind_of(path) == "jsonl" else "line"}


def claim_output(dst: Path, fingerprint: dict, force: bool = False) -> int:
    """Rows already in `dst` made from this same input (0 for a new output). The input's fingerprint
    is kept in `<output>.input.json`; resuming from another input (or an edited one) would mix their
    rows, so it is refused. `force` starts the output over."""
    sidecar = dst.with_name(dst.name + ".input.json")
    if force:
        dst.unlink(missing_ok=True)
        sidecar.unlink(missing_ok=True)
    done = rows_already_written(dst)
    if done:
        recorded = json.loads(sidecar.read_text(encoding="utf-8")) if sidecar.exists() else None
        if recorded is None:
            raise SystemExit(f"{dst} holds {done:,} rows but no record of the input that made them ({sidecar.name}): "
                             "resuming could mix two inputs' rows. --force starts it over; or choose another output")
        same = {k: recorded.get(k) for k in ("sha256", "text_from")} == {k: fingerprint[k] for k in ("sha256", "text_from")}
        if not same:
            raise SystemExit(f"{dst} was made from another input ({recorded.get('input')}, sha256 "
                             f"{str(recorded.get('sha256'))[:12]}…, text from {recorded.get('text_from')!r}); this run reads "
                             f"{fingerprint['input']} (sha256 {fingerprint['sha256'][:12]}…, text from {fingerprint['text_from']!r}). "
                             "Resuming would mix their rows: --force starts the output over; or choose another output")
    else:
        sidecar.write_text(json.dumps(fingerprint, ensure_ascii=False) + "\n", encoding="utf-8")
    return done


class Writer:
    def __init__(self, path: Path, resume_from: int):
        self.path, self.kind = path, kind_of(path)
        self.f = path.open("a", encoding="utf-8", newline="")
        self.csv: csv.DictWriter | None = None
        self.header_written = resume_from > 0

    def write(self, records: list[dict]) -> None:
        if self.kind == "csv":
            if self.csv is None:
                extra = [k for k in records[0] if k not in OUT_FIELDS]
                self.csv = csv.DictWriter(self.f, fieldnames=[*extra, *OUT_FIELDS], extrasaction="ignore")
                if not self.header_written:
                    self.csv.writeheader()
            for r in records:
                self.csv.writerow({**r, **{key: json.dumps(r.get(key), ensure_ascii=False) for key in _JSON_COLUMNS}})
        else:
            self.f.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
        self.f.flush()  # a batch is on disk before the next starts: resume loses at most one batch

    def close(self) -> None:
        try:
            self.f.close()
        except OSError:  # the disk filled: the error that matters was raised by write(); the rows on disk stand
            pass


class InProcess:
    def __init__(self, model: str):
        self.backend = build_backend(Settings.for_target(model or "rules"))

    async def start(self) -> None:
        await self.backend.start()

    async def extract(self, texts: list[str]) -> list[dict]:
        items = [Item(id=str(i), text=t) for i, t in enumerate(texts)]
        positions, sent = to_backend(items)
        readings, _ = await self.backend.extract(sent) if sent else ([], None)
        return [result_dict(r) for r in encode(items, positions, readings)]

    async def stop(self) -> None:
        await self.backend.stop()
