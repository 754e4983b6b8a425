"""Every contact in a text with its role, and the sender's address (issue 22), for every backend's answer: the
recipient's answer is the record's, the sender's address goes under `sender_address`. Without a sender label the
text is one contact, as before."""

from __future__ import annotations

from ..schema import Address, Contact
from .roles import RECIPIENT_LABEL, role_segments
from .rules import extract


def read_contacts(text: str, reading) -> tuple[list[Contact], Address | None]:
    """The text's contacts in order, each with its role, and the sender's address when one is labelled. Without a
    sender label: the answer's own name and phone, a recipient when so labelled."""
    segments = role_segments(text)
    if segments is None:
        role = "recipient" if RECIPIENT_LABEL.search(text) else None
        return ([Contact(name=reading.name, phone=reading.phone, role=role)] if reading.name or reading.phone else []), None
    contacts, sender_address = [], None
    for role, part in segments:
        read = extract(part)
        if read.name or read.phone:
            contacts.append(Contact(name=read.name, phone=read.phone, role=role))
        if role == "sender" and (read.adcode or read.specific_location):
            sender_address = Address(province=read.province, city=read.city, district=read.district,
                                     specific_location=read.specific_location, adcode=read.adcode)
    return contacts, sender_address
