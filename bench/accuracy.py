"""Accuracy on text we did not write, next to text we did: per-field accuracy and whole-record exact
match per set, any backend (rules, a model dir or hub id, an OpenAI-compatible URL) and jionlp's
parse_location side by side in the same run where it can answer, the worst misses per set, and
records/s of the backend (for the rules the best of three passes). For a model backend also the
raw model's answers (parsed as written, no pipeline), and how many records the pipeline (normalise,
ground, repair) turned right or wrong.
The backend starts once for all sets.

Sets: `generated` (our generator, seed 20261129, train-side vocabulary), `unseen` (the same
generator with every road, estate, place and name from the unseen side of the partition; the bench
prints the share of its words that a 20,000-record train-side sample holds), `naacl-dev` and `waybill-dev` (the public corpora's
dev splits, converted by addrdata.corpora; absent corpora are reported and skipped; `naacl-train` and
`waybill-train` on request, to check a rule change on rows it was not tuned on; `framed-waybill-dev` and
`framed-waybill-train` on request: each waybill row's address, name and phone in three frames people write around
them, addrdata.framed, seed 20261204; `framed-naacl-dev` and `framed-naacl-train` the same for NAACL's addresses, each
lent a name and phone from the waybill corpus's same split, all six fields scored; `unnamed-naacl-dev` and
`unnamed-naacl-train` the same addresses with the phone alone, glued or after a space: no name is written, so every
right record is flagged name_missing and the line that matters is how many names were made up, and how many of those
went unflagged); `glued-naacl-dev` and `glued-naacl-train` the same addresses with the lent name and phone glued in
the waybill corpus's five other orders (13812345678王芳龙山镇…, 王芳龙山镇…13812345678); `composed-waybill-*` and
`composed-naacl-*` three random compositions per row of labels, separators, order, a greeting before and a note after
(addrdata.composed, seed 20261207); `relabelled-waybill-*` and `relabelled-naacl-*` the same with the eighteenth
session's labels (spaced out, arrows, asterisks, emoji, Mobile No.: …; seed 20261208), `unlisted-*` with a table of
labels written after the generic label reader and never tuned on (seed 20261209), `colloquial-*` (tuned on its train
compositions, seed 20261210) and `unheard-*` (never tuned on, seed 20261211) with two halves of one pool of labels no
vocabulary reads (接头人：, 打这个：, 送哪：, Hotline:), and `spoken-*` (tuned on its train compositions, seed 20261212)
and `untold-*` (measured once untuned, then tuned on its train compositions; seed 20261213) with two halves of a fresh pool (V信同号：, 收单人：, 放哪：) and greetings
and notes of their own; `shaped-*` (tuned on its train compositions, seed 20261215) and `unshaped-*` (never tuned on
until measured, seed 20261216) with two halves of a pool of label shapes: wrapping the value (收件人【…】, "phone": "…"),
after it ({} 收, …（手机）), = and => and dashes, a bracketed note after it, separators of their own; `said-*` (tuned on
its train compositions, seed 20261218) and `unsaid-*` (never tuned on until measured, seed 20261219) with two halves of
a pool of sentences that carry the fields by verbs and pronouns (addrdata.sentences: 我在…，打…找…); `worded-*` (tuned
on, seed 20261221) and `unworded-*` (never tuned on until measured, seed 20261222) with a second such pool. Exact match is
over the fields a set labels: all six for generated and waybill, the four address fields for NAACL
(it has no names or phones). `divisions` = province, city and district all right.
`tagged_divisions` = the same where the annotation tags a level; a level it leaves empty is not
scored. NAACL tags what is written, so a parser that infers a county the text does not write (义乌
from 义乌国际商贸城 when the annotators left it in the place's name) loses `divisions` and not this;
jionlp's parse_location, which infers freely, scores 88.3% and 97.3% on dev by the two, and only the
second fits the 99.4% issue 8 quotes for it on the held-out split.

Run as: python -m bench.accuracy [--backend rules] [--sets generated,unseen,naacl-dev,waybill-dev]
        [--n 3000] [--worst 20] [--no-jionlp]
"""

from __future__ import annotations

import argparse
import asyncio
import time
from typing import NamedTuple

from addrdata import RecordSampler, corpora, labelled_texts
from addrdata.composed import COLLOQUIAL, RELABELLED, SHAPED, SPOKEN, UNHEARD, UNLISTED, UNSHAPED, UNTOLD, composed
from addrdata.framed import framed, glued, lend_contacts, without_names
from addrdata.sentences import SAID, UNSAID, UNWORDED, WORDED, in_sentences
from service.backends import build_backend
from service.backends.cascade import unsure
from service.extract import normalise_divisions
from service.review import review_of
from service.schema import DIVISION_FIELDS, FIELDS
from service.settings import Settings

from bench.contract_v2 import contacts_line, town_line, unlabelled_line

ADDRESS_FIELDS = (*DIVISION_FIELDS, "specific_location")
CORPUS_SETS = {f"{short}-{split}": (corpus, split) for short, corpus in (("naacl", "naacl2019"), ("waybill", "waybill"))
               for split in ("dev", "train")}  # train splits: to check a rule change on rows it was not tuned on
# Sets built on request from a corpus set (addrdata.framed): (source set, builder), the builder taking the source's rows,
# NAACL's first lent the same split's waybill names and phones (lend_contacts). Frames people write around a record;
# the waybill corpus's five other glued orders; the phone alone with no name (names made up are counted).
_BUILDERS = {"framed": lambda rows: framed(rows, seed=20261204), "glued": glued, "unnamed": without_names,
             "composed": lambda rows: composed(rows, seed=20261207),
             "relabelled": lambda rows: composed(rows, seed=20261208, parts=RELABELLED),
             "unlisted": lambda rows: composed(rows, seed=20261209, parts=UNLISTED),
             "colloquial": lambda rows: composed(rows, seed=20261210, parts=COLLOQUIAL),
             "unheard": lambda rows: composed(rows, seed=20261211, parts=UNHEARD),
             "spoken": lambda rows: composed(rows, seed=20261212, parts=SPOKEN),
             "untold": lambda rows: composed(rows, seed=20261213, parts=UNTOLD),
             "shaped": lambda rows: composed(rows, seed=20261215, parts=SHAPED),
             "unshaped": lambda rows: composed(rows, seed=20261216, parts=UNSHAPED),
             "said": lambda rows: in_sentences(rows, seed=20261218, sentences=SAID),
             "unsaid": lambda rows: in_sentences(rows, seed=20261219, sentences=UNSAID),
             "worded": lambda rows: in_sentences(rows, seed=20261221, sentences=WORDED),
             "unworded": lambda rows: in_sentences(rows, seed=20261222, sentences=UNWORDED)}
DERIVED_SETS = {f"{kind}-{short}-{split}": (f"{short}-{split}", _BUILDERS[kind])
                for kind, shorts in (("framed", ("waybill", "naacl")), ("glued", ("naacl",)), ("unnamed", ("naacl",)),
                                     ("composed", ("waybill", "naacl")), ("relabelled", ("waybill", "naacl")),
                                     ("unlisted", ("waybill", "naacl")), ("colloquial", ("waybill", "naacl")),
                                     ("unheard", ("waybill", "naacl")), ("spoken", ("waybill", "naacl")),
                                     ("untold", ("waybill", "naacl")), ("shaped", ("waybill", "naacl")),
                                     ("unshaped", ("waybill", "naacl")), ("said", ("waybill", "naacl")),
                                     ("unsaid", ("waybill", "naacl")), ("worded", ("waybill", "naacl")),
                                     ("unworded", ("waybill", "naacl")))
                for short in shorts for split in ("dev", "train")}
UNNAMED_SETS = [name for name in DERIVED_SETS if name.startswith("unnamed-")]
LABELLED = {"generated": FIELDS, "unseen": FIELDS, **{name: ADDRESS_FIELDS if name.startswith("naacl") else FIELDS
                                                    for name in CORPUS_SETS}, **dict.fromkeys(DERIVED_SETS, FIELDS)}


def load_set(name: str, n: int) -> list[tuple[str, dict]] | None:
    if name == "generated":
        return labelled_texts(n, seed=20261129, vocab="train")
    if name == "unseen":
        print(f"unseen: share of its words in a 20,000-record train-side sample: {unseen_share(n):.2%}")
        return labelled_texts(n, seed=20261130, vocab="unseen")
    if name in DERIVED_SETS:
        source, build = DERIVED_SETS[name]
        rows = load_set(source, n)
        if rows is not None and source.startswith("naacl"):
            contacts = load_set(f"waybill-{source.rsplit('-', 1)[1]}", n)  # the same split's names and phones
            rows = None if contacts is None else lend_contacts(rows, contacts, seed=20261205)
        return None if rows is None else build(rows)
    corpus, split = CORPUS_SETS[name]
    converted = corpora.load(corpus, split)
    if converted is None:
        return None
    skipped = ", ".join(f"{why}: {count}" for why, count in converted.skipped.most_common())
    print(f"{name}: {len(converted.rows)} of {converted.read} rows converted" + (f" (not converted: {skipped})" if skipped else ""))
    return converted.rows


def unseen_share(n: int) -> float:
    train, unseen = RecordSampler(1, "train"), RecordSampler(20261130, "unseen")
    train_words = {w for _ in range(20000) for w in train.record().words}
    unseen_words = {w for _ in range(n) for w in unseen.record().words}
    return len(unseen_words & train_words) / len(unseen_words)


class Answers(NamedTuple):
    raw: list[dict] | None  # a model's answers as it wrote them (unparseable: all None); None for the rules
    service: list[dict]  # after the service pipeline
    elapsed: float
    sure: list[bool]  # readings that pass rules first's test (service.backends.cascade.unsure)
    answered_by: list[str]  # per record: model, model+rules (some fields from the rules) or rules
    review: list[bool]  # per record: whether service.review asks a person to look


def review_line(set_name: str, answers: Answers, golds: list[dict], labelled) -> str:
    """What `review` is worth on a set: the share it sends to a person, and exact match of the rest."""
    kept = [i for i, flagged in enumerate(answers.review) if not flagged]
    exact = score([answers.service[i] for i in kept], [golds[i] for i in kept], labelled)["exact"] if kept else 0.0
    n = len(answers.review)
    return (f"{set_name}: review flags {n - len(kept)}/{n} ({(n - len(kept)) / n:.1%}); the unflagged are "
            f"{exact:.2%} exact ({len(kept)} records)")


def made_up_names_line(set_name: str, answers: Answers) -> str:
    """On a set that writes no name: how many records got one anyway, and how many of those review let through."""
    made_up = [i for i, out in enumerate(answers.service) if out["name"]]
    unflagged = sum(not answers.review[i] for i in made_up)
    n = len(answers.service)
    return f"{set_name}: a name made up for {len(made_up)}/{n} ({len(made_up) / n:.1%}); {unflagged} of them unflagged"


def answered_counts(answers: Answers) -> dict[str, int]:
    """How many records the model answered alone, with fields from the rules, and wholly by the rules."""
    return {who: answers.answered_by.count(who) for who in ("model", "model+rules", "rules")}


async def answers_for(backend, texts: list[str], batch: int = 256) -> Answers:
    raw: list[dict] | None = [] if hasattr(backend, "extract_with_raw") else None
    service: list[dict] = []
    sure: list[bool] = []
    answered_by: list[str] = []
    review: list[bool] = []
    start = time.perf_counter()
    for i in range(0, len(texts), batch):
        chunk = texts[i: i + batch]
        if raw is None:
            readings, _ = await backend.extract(chunk)
        else:
            parsed, readings = await backend.extract_with_raw(chunk)
            raw += [p.model_dump() if p else dict.fromkeys(FIELDS) for p in parsed]
        service += [r.six() for r in readings]
        sure += [not unsure(r, t) for r, t in zip(readings, chunk)]
        answered_by += [r.answered_by for r in readings]
        review += [review_of(r, t).needed for r, t in zip(readings, chunk)]
    elapsed = time.perf_counter() - start
    if raw is None:  # the rules: a pass takes seconds, so time two more and keep the best (this machine is noisy)
        for _ in range(2):
            start = time.perf_counter()
            for i in range(0, len(texts), batch):
                await backend.extract(texts[i: i + batch])
            elapsed = min(elapsed, time.perf_counter() - start)
    return Answers(raw, service, elapsed, sure, answered_by, review)


async def run_backend(target: str, sets: dict[str, list[str]]) -> dict[str, Answers]:
    """Each set's answers from one backend, started once."""
    backend = build_backend(Settings.for_target(target))
    await backend.start()
    try:
        return {name: await answers_for(backend, texts) for name, texts in sets.items()}
    finally:
        await backend.stop()


def changed_by_pipeline(raw: list[dict], service: list[dict], golds: list[dict], labelled) -> tuple[int, int]:
    """(records the pipeline made exact, records it made wrong) compared with the raw answers."""
    exact = [[all(o[f] == g[f] for f in labelled) for o, g in zip(outs, golds)] for outs in (raw, service)]
    return sum(s and not r for r, s in zip(*exact)), sum(r and not s for r, s in zip(*exact))


def jionlp_outputs(texts: list[str]) -> list[dict] | None:
    """jionlp.parse_location on each text, mapped onto our conventions by the same normaliser."""
    try:
        import jionlp
    except ImportError:
        print("jionlp not importable here: its column is skipped")
        return None
    out = []
    for text in texts:
        try:
            parsed = jionlp.parse_location(text, town_village=False, change2new=False)
        except Exception:  # jionlp raises on some inputs; that is a miss, not a crash
            parsed = {}
        d = normalise_divisions(parsed.get("province"), parsed.get("city"), parsed.get("county"), text)
        out.append({"province": d.province, "city": d.city, "district": d.district,
                    "specific_location": parsed.get("detail") or None, "name": None, "phone": None})
    return out


def score(outputs: list[dict], golds: list[dict], labelled: tuple[str, ...]) -> dict:
    n = len(golds)
    per_field = {f: sum(o[f] == g[f] for o, g in zip(outputs, golds)) / n for f in FIELDS}
    return {"n": n, **per_field,
            "divisions": sum(all(o[f] == g[f] for f in DIVISION_FIELDS) for o, g in zip(outputs, golds)) / n,
            "tagged_divisions": sum(all(g[f] is None or o[f] == g[f] for f in DIVISION_FIELDS) for o, g in zip(outputs, golds)) / n,
            "exact": sum(all(o[f] == g[f] for f in labelled) for o, g in zip(outputs, golds)) / n}


def worst_diffs(texts, outputs, golds, labelled, k: int) -> list[tuple[str, dict]]:
    """The k texts with the most wrong labelled fields: (text, {field: (wanted, got)})."""
    rows = []
    for text, o, g in zip(texts, outputs, golds):
        diff = {f: (g[f], o[f]) for f in labelled if o[f] != g[f]}
        if diff:
            rows.append((text, diff))
    rows.sort(key=lambda r: -len(r[1]))
    return rows[:k]


def worst(texts, outputs, golds, labelled, k: int) -> list[str]:
    return [f"  {text!r}\n      " + "; ".join(f"{f}: want {w!r} got {h!r}" for f, (w, h) in diff.items())
            for text, diff in worst_diffs(texts, outputs, golds, labelled, k)]


COLUMNS = (*FIELDS, "divisions", "tagged_divisions", "exact")


def table_line(set_name: str, who: str, s: dict, rate: str) -> str:
    return f"| {set_name} | {who} | {s['n']} | " + " | ".join(f"{s[c]:.1%}" for c in COLUMNS) + f" | {rate} |"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--backend", default="rules", help="rules, a model dir or hub id (vLLM), or an OpenAI-compatible URL")
    ap.add_argument("--sets", default="generated,unseen,naacl-dev,waybill-dev", help="comma-separated sets to score")
    ap.add_argument("--n", type=int, default=3000, help="records of the generated set")
    ap.add_argument("--worst", type=int, default=20, help="worst misses printed per set")
    ap.add_argument("--no-jionlp", action="store_true", help="skip jionlp's column")
    args = ap.parse_args()

    lines = ["| set | who | n | " + " | ".join(COLUMNS) + " | records/s |", "|---" * (len(COLUMNS) + 4) + "|"]
    data = {}
    for set_name in args.sets.split(","):
        data[set_name] = load_set(set_name, args.n)
        if data[set_name] is None:
            print(f"{set_name}: corpora not found (set ADDRX_CORPORA); skipped")
    data = {name: rows for name, rows in data.items() if rows is not None}
    answers = asyncio.run(run_backend(args.backend, {name: [t for t, _ in rows] for name, rows in data.items()}))
    misses, notes = [], []
    for set_name, rows in data.items():
        texts, golds = [t for t, _ in rows], [g for _, g in rows]
        labelled, got = LABELLED[set_name], answers[set_name]
        lines.append(table_line(set_name, args.backend, score(got.service, golds, labelled), f"{len(texts) / got.elapsed:,.0f}"))
        if got.raw is None:
            kept = [i for i, ok in enumerate(got.sure) if ok]
            exact = score([got.service[i] for i in kept], [golds[i] for i in kept], labelled)["exact"] if kept else 0.0
            notes.append(f"{set_name}: the rules are sure of {len(kept)}/{len(texts)} ({len(kept) / len(texts):.1%}), "
                         f"exact on {exact:.1%} of those (what ADDRX_RULES_FIRST answers without the model)")
        else:
            lines.append(table_line(set_name, f"{args.backend} (raw model)", score(got.raw, golds, labelled), "-"))
            better, worse = changed_by_pipeline(got.raw, got.service, golds, labelled)
            counts = answered_counts(got)
            notes.append(f"{set_name}: the pipeline made {better} record(s) exact and {worse} wrong, against the raw answers; "
                         f"answered by the model {counts['model']}, the model with fields from the rules {counts['model+rules']}, "
                         f"the rules {counts['rules']}")
        notes.append(review_line(set_name, got, golds, labelled))
        if set_name in UNNAMED_SETS:
            notes.append(made_up_names_line(set_name, got))
        theirs = None if args.no_jionlp else jionlp_outputs(texts)
        if theirs is not None:
            lines.append(table_line(set_name, "jionlp", score(theirs, golds, ADDRESS_FIELDS), "-"))
        misses += [f"\n{set_name}: worst misses of {args.backend}"] + worst(texts, got.service, golds, labelled, args.worst)
    if args.backend == "rules":  # issue 22's added fields: the township on NAACL dev, contacts on two-contact texts
        notes += [town_line("dev"), contacts_line(500), unlabelled_line(500)]
    print("\n".join(misses))
    print("\n" + "\n".join(lines + [""] + notes))


if __name__ == "__main__":
    main()
