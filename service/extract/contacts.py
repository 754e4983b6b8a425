"""Every contact in a text with its role, and the sender's address (issue 22), for every backend's answer: the
recipient's answer is the record's, the sender's address goes under `sender_address`. Without a sender label, two
or more name-phone pairs written side by side (张三 138… 李四 139…) are each a contact; otherwise the text is one
contact, as before."""

from __future__ import annotations

from ..schema import Address, Contact
from .gazetteer import get_gazetteer
from .labels import clean
from .phones import find_phones
from .roles import RECIPIENT_LABEL, role_segments
from .piece_name import is_name
from .rules import extract, phone_masked_pieces
from .traditional import as_written, to_simplified


def read_contacts(text: str, reading) -> tuple[list[Contact], Address | None]:
    """The text's contacts in order, each with its role, and the sender's address when one is labelled. Without a
    sender label: the unlabelled pairs when there are several, else the answer's own name and phone, a recipient
    when so labelled."""
    segments = role_segments(text)
    if segments is None:
        role = "recipient" if RECIPIENT_LABEL.search(text) else None
        pairs = unlabelled_pairs(text)
        if pairs:
            return [Contact(name=name, phone=phone, role=role if name == reading.name else None) for name, phone in pairs], None
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


def unlabelled_pairs(text: str) -> list[tuple[str, str]] | None:
    """[(name, phone)] when the text writes two or more different people each right beside a phone, in one order
    throughout (name then phone, or phone then name); None otherwise. A phone with no name of its own beside it is
    the previous person's second number (张三 138… 0571-…), not a contact of its own."""
    simplified = to_simplified(text)
    phones = find_phones(simplified)
    if len(phones) < 2:
        return None
    gaz = get_gazetteer()
    tokens, numbers = [], iter(phones)
    for kind, piece in phone_masked_pieces(simplified, phones, gaz):
        piece = clean(piece)
        if kind == "phone":
            tokens.append(("phone", next(numbers, phones[-1]).raw))
        elif piece and kind != "noise":
            tokens.append(("name", piece) if kind in ("name", None) and is_name(piece, gaz) else ("other", piece))
    at = [i for i, (kind, _) in enumerate(tokens) if kind == "phone"]
    if len(at) != len(phones):  # a number label took a phone as its value (运单号 …): no pairing to trust
        return None
    first = at[0]
    step = -1 if first > 0 and tokens[first - 1][0] == "name" else 1  # the name's side of its phone
    pairs, used = [], set()
    for i, (kind, phone) in enumerate(tokens):
        j = i + step
        if kind == "phone" and 0 <= j < len(tokens) and tokens[j][0] == "name" and j not in used:
            used.add(j)
            pairs.append((as_written(tokens[j][1], simplified, text), as_written(phone, simplified, text)))
    return pairs if len({name for name, _ in pairs}) >= 2 else None
