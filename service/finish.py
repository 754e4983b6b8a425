"""What every answer carries beyond the backend's reading: the township, every name-phone pair and the
review decision, read from the text and the reading alone.

Run where the reading is made when that is a post-processing process (backends/postprocess.py): on the
H200 (round 4) this work, done in encode, took 233 ms of the service process per 1,000 records, as much as
the post-processing it follows. encode finishes whatever reached it unfinished (the rules backend's
readings, blank and failed items)."""

from __future__ import annotations

from .extract.contacts import read_contacts
from .extract.town import read_town
from .review import review_of
from .schema import Reading


def finished(reading: Reading) -> bool:
    return reading.review is not None  # review is set last, on every answer


def finish(text: str, reading: Reading) -> Reading:
    """The reading with town, contacts, sender_address and review set (in place; returned for chaining)."""
    town = read_town(reading.adcode, reading.specific_location)  # after either backend: the same contract
    reading.town, reading.town_code = town.name, town.code
    reading.checks = {**reading.checks, "town": town.check}
    if reading.status not in ("empty", "error"):
        reading.contacts, reading.sender_address = read_contacts(text, reading)
    reading.review = review_of(reading, text)
    return reading
