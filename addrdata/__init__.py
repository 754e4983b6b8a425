"""Labelled data, apart from the stage scripts that use it: the synthetic record generator and
its renderer (finetune, bench and tests import this; it never imports them)."""

from __future__ import annotations

import random

from .records import Record, RecordSampler
from .render import render

__all__ = ["Record", "RecordSampler", "labelled_texts", "render"]


def labelled_texts(n: int, seed: int, vocab: str | None = None) -> list[tuple[str, dict]]:
    """n generated (text, six-field label) pairs; the same seed gives the same texts. vocab
    `train` or `unseen` keeps every open-vocabulary word on that side of the partition."""
    sampler, rng = RecordSampler(seed, vocab), random.Random(seed)
    out = []
    for _ in range(n):
        rec = sampler.record()
        out.append((render(rec, rng), rec.label()))
    return out
