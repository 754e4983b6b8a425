"""The public labelled corpora (train/dev splits only) converted to the contract.

- naacl2019: human-annotated real addresses, one character and its BIO tag per line.
- waybill: PaddleNLP's express waybill NER data (name, phone and address glued together).

The corpora stay outside the repository (no licence grants redistribution): they are read from
$ADDRX_CORPORA, by default `../shared/corpora` beside the checkout, and are reported absent when
missing. Never add a test split here: those are held out.

Conversion: the gazetteer resolves the written divisions (short forms, former names) and fills the
levels the annotation leaves implicit; specific_location is the text the annotation marks as the
address below the district, as written (a substring of the input), without leading repeats of the
division names. A row is not converted when a written division cannot be placed (a typo such as
安微, or a name that was never a division); each such row is counted with its reason.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from service.extract import candidates, get_gazetteer, normalise_divisions
from service.schema import DIVISION_FIELDS

SPLITS = ("train", "dev")
DEFAULT_DIR = Path(__file__).resolve().parent.parent.parent / "shared" / "corpora"
NAACL_DIVISIONS = {"prov": "province", "city": "city", "district": "district"}
NAACL_SKIP = {"country", "redundant"}  # edges of the location; kept when inside it
WAYBILL_TAGS = {"A1": "province", "A2": "city", "A3": "district", "A4": "specific_location", "P": "name", "T": "phone"}


@dataclass
class Converted:
    rows: list[tuple[str, dict]] = field(default_factory=list)  # (text, six-field gold label)
    skipped: Counter = field(default_factory=Counter)  # reason -> rows

    @property
    def read(self) -> int:
        return len(self.rows) + sum(self.skipped.values())


def corpora_dir() -> Path | None:
    path = Path(os.environ.get("ADDRX_CORPORA") or DEFAULT_DIR)
    return path if path.is_dir() else None


def _chunks(chars: list[str], tags: list[str]) -> list[tuple[str, int, int]]:
    """(label, start, end) character spans from BIO tags (an I- without its B- starts a chunk)."""
    out: list[list] = []
    for i, tag in enumerate(tags):
        prefix, _, label = tag.partition("-")
        if prefix == "B" or not out or out[-1][0] != label or prefix not in ("B", "I"):
            out.append([label or prefix, i, i + 1])
        else:
            out[-1][2] = i + 1
    starts = [sum(len(c) for c in chars[:i]) for i in range(len(chars) + 1)]  # chars may be multi-char tokens
    return [(label, starts[s], starts[e]) for label, s, e in out]


_ROAD_AFTER = re.compile(r"[东西南北中]?[路街]|大道|大街")  # 台湾大道, 北京路: a road named after a division


def _gold(text: str, written: dict[str, str | None], location: str | None, name=None, phone=None) -> tuple[dict | None, str | None]:
    """The contract's label, or (None, reason) when a written division cannot be placed."""
    divisions = normalise_divisions(written.get("province"), written.get("city"), written.get("district"), text)
    gaz = get_gazetteer()
    for role in DIVISION_FIELDS:
        # Every written division must survive as itself (or its official form): 台湾 台中市 西区 must
        # not become 四川省 攀枝花市 西区 because only 西区 could be placed.
        # The annotation's own name, not one it may be a slip for (义务市 stays out: the set does not move with the rules).
        if written.get(role) and getattr(divisions, role) not in {d.name for d in candidates(gaz, written[role], role, slips=False)}:
            return None, f"{role} not a division that fits: {written[role]}"
    for prefix in filter(None, [written.get(r) for r in DIVISION_FIELDS] + [divisions.district, divisions.city]):
        # A repeated division (城区城区新华东街) is not the location; a road named after one (台湾大道) is.
        while (location and location.startswith(prefix) and len(location) > len(prefix)
               and not _ROAD_AFTER.match(location, len(prefix))):
            location = location[len(prefix):]
    label = {"province": divisions.province, "city": divisions.city, "district": divisions.district,
             "specific_location": location or None, "name": name or None, "phone": phone or None}
    return label, None


def _naacl_row(chars: list[str], tags: list[str]) -> tuple[str, dict | None, str | None]:
    text = "".join(chars)
    chunks = _chunks(chars, tags)
    written: dict[str, str] = {}
    for label, s, e in chunks:
        role = NAACL_DIVISIONS.get(label)
        if role and role not in written:
            written[role] = text[s:e]
    last_division = max((i for i, (label, _, _) in enumerate(chunks) if label in NAACL_DIVISIONS), default=-1)
    rest = [(label, s, e) for label, s, e in chunks[last_division + 1:]]
    kept = [(s, e) for label, s, e in rest if label not in NAACL_SKIP and label not in NAACL_DIVISIONS]
    location = text[kept[0][0]: kept[-1][1]] if kept else None
    label, reason = _gold(text, written, location)
    return text, label, reason


def read_naacl(path: Path) -> Converted:
    out = Converted()
    chars: list[str] = []
    tags: list[str] = []
    lines = path.read_text(encoding="utf-8").splitlines() + [""]
    for line in lines:
        if line.strip():
            ch, _, tag = line.rpartition(" ")
            chars.append(ch or " ")
            tags.append(tag)
            continue
        if chars:
            text, label, reason = _naacl_row(chars, tags)
            if label is None:
                out.skipped[reason.split(":")[0]] += 1
            else:
                out.rows.append((text, label))
            chars, tags = [], []
    return out


def read_waybill(path: Path) -> Converted:
    out = Converted()
    for line in path.read_text(encoding="utf-8").splitlines()[1:]:
        if not line.strip():
            continue
        text_part, _, tag_part = line.partition("\t")
        chars, tags = text_part.split("\x02"), tag_part.split("\x02")
        if len(chars) != len(tags):
            out.skipped["characters and tags differ in number"] += 1
            continue
        text = "".join(chars)
        values: dict[str, str] = {}
        bio = ["B-" + t[:-2] if t.endswith("-B") else "I-" + t[:-2] if t.endswith("-I") else t for t in tags]
        for label, s, e in _chunks(chars, bio):
            role = WAYBILL_TAGS.get(label)
            if role and role not in values:
                values[role] = text[s:e]
        label, reason = _gold(text, values, values.get("specific_location"), values.get("name"), values.get("phone"))
        if label is None:
            out.skipped[reason.split(":")[0]] += 1
        else:
            out.rows.append((text, label))
    return out


READERS = {"naacl2019": read_naacl, "waybill": read_waybill}


def load(corpus: str, split: str, root: Path | None = None) -> Converted | None:
    """One converted split, or None when the corpora are not on this machine."""
    if split not in SPLITS:
        raise ValueError(f"only {SPLITS} splits are used; test splits are held out")
    root = root or corpora_dir()
    if root is None or not (root / corpus / f"{split}.txt").exists():
        return None
    return READERS[corpus](root / corpus / f"{split}.txt")


def naacl_towns(split: str, root: Path | None = None) -> list[tuple[str, str | None]] | None:
    """(text, the township as the annotation tags it, or None) for each NAACL address: what the township level is
    scored against (issue 22). None when the corpora are absent."""
    root = root or corpora_dir()
    if split not in SPLITS or root is None or not (root / "naacl2019" / f"{split}.txt").is_file():
        return None
    out, chars, tags = [], [], []
    for line in (root / "naacl2019" / f"{split}.txt").read_text(encoding="utf-8").splitlines() + [""]:
        if line.strip():
            ch, _, tag = line.rpartition(" ")
            chars.append(ch or " ")
            tags.append(tag)
        elif chars:
            text = "".join(chars)
            towns = [text[s:e] for label, s, e in _chunks(chars, tags) if label == "town"]
            out.append((text, towns[0] if towns else None))
            chars, tags = [], []
    return out
