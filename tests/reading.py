"""What the rules tests ask of a reading: the fields named, exactly."""

from service.extract.rules import extract


def assert_read_right(text: str, **want) -> None:
    r = extract(text)
    assert {field: getattr(r, field) for field in want} == want
