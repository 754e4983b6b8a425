"""The contract. `Extraction` is the single source of truth for the six fields: it drives the
prompt, the vLLM structured-output JSON schema, validation of model output and the OpenAPI docs.
One shape per layer: `Extraction` (six fields) < `Reading` (what a backend answers for one text)
< `ExtractResult` (one API result: a reading with its id)."""

from __future__ import annotations

from typing import Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

CheckState = Literal["found", "inferred", "corrected", "former", "unknown"]
# Who answered a record: the model alone, the model with some fields from the rules, or the rules.
AnsweredBy = Literal["model", "model+rules", "rules"]
Status = Literal["ok", "repaired", "empty", "no_address", "error"]
PhoneKind = Literal["mobile", "landline", "service", "unknown"]


class Extraction(BaseModel):
    """The six fields read from one shipping text; each key always present, null when the text does not say."""

    model_config = ConfigDict(extra="forbid")

    province: Optional[str] = Field(..., description="省级, full official name, e.g. 湖南省, 内蒙古自治区, 上海市")
    city: Optional[str] = Field(..., description="地级; for 直辖市 equal to province; for a county-level city with no prefecture, the city itself")
    district: Optional[str] = Field(..., description="县级 (区/县/县级市/旗); equal to city when the city has no county level")
    specific_location: Optional[str] = Field(..., description="street, number, estate, building, room; no division names, no labels")
    name: Optional[str] = Field(..., description="recipient name, whole (compound surnames, minority names)")
    phone: Optional[str] = Field(..., description="primary phone exactly as written")


FIELDS: tuple[str, ...] = tuple(Extraction.model_fields)
DIVISION_FIELDS: tuple[str, ...] = FIELDS[:3]


class PhoneInfo(BaseModel):
    raw: str = Field(description="as written in the text")
    kind: PhoneKind
    normalized: str = Field(description="digits only, +86 prefix for valid numbers, extension after ';ext='")
    valid: bool = Field(description="libphonenumber validity for China (+86)")
    extension: Optional[str] = Field(None, examples=["801"], description="extension (转801, 分机 802, ext. 12) or a platform relay number "
                                                       "(13812345678-1234), also in normalized after ';ext='")


ReviewReason = Literal[
    "repaired", "empty", "no_address", "error", "no_district", "division_corrected", "division_inferred_from_short_form", "former_division", "ambiguous_district",
    "location_not_grounded", "name_not_grounded", "phone_not_grounded", "no_location", "division_in_location",
    "note_in_location", "zone_named_by_district", "location_unreadable", "address_repeated", "name_missing", "phone_missing", "name_like_address", "name_holds_words", "name_without_surname", "name_after_a_shop",
    "name_may_be_longer", "name_in_location", "phone_invalid", "sender_only",
    "text_before_address", "location_joined", "label_in_field"]


class Review(BaseModel):
    """Whether a person should check this record before it ships, and why (service/review.py)."""

    needed: bool = Field(description="true when any reason applies; records without one are the ones to trust unchecked")
    reasons: list[ReviewReason] = Field(default_factory=list, description=(
        "repaired/empty/no_address/error: the status; no_district, no_location, name_missing (a phone but no name), phone_missing (a name but no phone); "
        "division_corrected, division_inferred_from_short_form (no division written by its full name), former_division, ambiguous_district (a district name several places share, its city "
        "not written); *_not_grounded (a model's value not in the text, replaced); division_in_location (the "
        "location still holds a division's name), note_in_location (a courier's note or shop word), zone_named_by_district "
        "(a development zone after its district), location_unreadable (no Chinese in it, or characters lost to a wrong encoding: …?岐镇…); address_repeated (a division "
        "written twice); name_like_address (the name holds an address word: 号, 层, 对面 …); name_holds_words (the name "
        "holds a sentence's words: 我是…, …就行, or maybe the receipt mark 收: 娄春收); name_without_surname (the name is glued to the location and no listed "
        "surname opens it: a rare surname, or a shop's name cut as one); name_after_a_shop (the name is glued after a shop's "
        "or a firm's own word, not a number's or an address's: where the shop's name ends is a guess); name_may_be_longer (a "
        "name glued after the location, whose last character, a surname ending addresses too (房, 边, 东, 米), would make a longer one: …号房玉朋); name_in_location (the location "
        "ran on over the name, or ends with a piece shaped like a person's); phone_invalid (or a phone-shaped number left in the location, or a mobile's digits closing a waybill's or a worker's number and no phone read); sender_only (the "
        "text labels a sender and no recipient: the fields are the sender's); text_before_address (a piece written before "
        "the address, an organisation or a note, is left out of the location); location_joined (the location joins pieces "
        "written apart, a label or the contact between them: not one run of the text); label_in_field (the name is a label's word, "
        "To or 收件方, or the location holds a label before a mark or a bracket, 街道门牌(…: a label shape the rules did not read)"))


class Contact(BaseModel):
    """A name and phone written together, with the role its label gives (收件人/收货人/to vs 寄件人/发件人/from)."""

    name: Optional[str] = None
    phone: Optional[str] = None
    role: Optional[Literal["recipient", "sender"]] = Field(None, description="null when no label says")


class Address(BaseModel):
    """The sender's address, when a text labels one (寄件地址 …, 寄件人 … 北京市…)."""

    province: Optional[str] = None
    city: Optional[str] = None
    district: Optional[str] = None
    specific_location: Optional[str] = None
    adcode: Optional[str] = None


class ErrorInfo(BaseModel):
    """A stable machine-readable code and a message: an item's error and a request's error alike."""

    code: str
    message: str


class Reading(Extraction):
    """What a backend answers for one text: the six fields plus status and evidence. Assignments
    are validated too, so a reading stays within the contract and is serialised without a re-check."""

    model_config = ConfigDict(validate_assignment=True)

    status: Status = "ok"
    error: Optional[ErrorInfo] = None
    adcode: Optional[str] = Field(None, description="official code of the most specific division found")
    town: Optional[str] = Field(None, examples=["转塘街道"], description="the township (乡/镇/街道) the location names, or "
                                "the only one its head implies by a stem unique in the county; it stays in specific_location too")
    town_code: Optional[str] = Field(None, examples=["330106011"], description="the township's 9-digit official code "
                                     "(adcode stays the county's)")
    phones: list[PhoneInfo] = Field(default_factory=list)
    checks: dict[str, CheckState] = Field(default_factory=dict, description="per field: found, inferred, corrected, former (a division renamed or merged since; adcode is its successor's) or unknown")
    review: Optional[Review] = Field(None, description="the record-level decision an operator acts on; set on every answer")
    contacts: list[Contact] = Field(default_factory=list, description="every name-phone pair in the text, in order, with its "
                                    "role; the top-level name and phone are the recipient's when one is labelled",
                                    examples=[[{"name": "张三", "phone": "13800138000", "role": "sender"},
                                               {"name": "李四", "phone": "13912345678", "role": "recipient"}]])
    sender_address: Optional[Address] = Field(None, description="the sender's address when the text labels a sender",
                                              examples=[{"province": "北京市", "city": "北京市", "district": "海淀区",
                                                         "specific_location": "中关村大街1号", "adcode": "110108"}])
    # Not part of the answer (private: never serialised); evaluate counts it per model.
    _answered_by: AnsweredBy = PrivateAttr("rules")

    @property
    def answered_by(self) -> AnsweredBy:
        return self._answered_by

    def six(self) -> dict:
        return {f: getattr(self, f) for f in FIELDS}


class ExtractResult(Reading):
    """One result per input item, in input order: the six fields at top level plus extras."""

    id: str


class Item(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: Optional[str] = Field(None, max_length=128)
    text: str


EXAMPLE_TEXT = "长沙市岳麓区桃花岭路189号润丰园B座1202室 | 电话021-17613435 | 联系人江雨桐"


class TextsRequest(BaseModel):
    """Texts only: each result's id is its position."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [{"texts": [EXAMPLE_TEXT]}]})
    texts: list[str]


class ItemsRequest(BaseModel):
    """Items with your own ids (an item without one gets its position)."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [{"items": [{"id": "order-1", "text": EXAMPLE_TEXT}]}]})
    items: list[Item]


# Exactly one of the two shapes; extra="forbid" makes {} and {texts, items} match neither.
ExtractRequest = Union[TextsRequest, ItemsRequest]


def request_items(request: ExtractRequest) -> list[tuple[str, str]]:
    """(id, text) per item in order: a texts request's ids are positions, as is a missing item id."""
    if isinstance(request, TextsRequest):
        return [(str(i), t) for i, t in enumerate(request.texts)]
    return [(it.id if it.id is not None else str(i), it.text) for i, it in enumerate(request.items)]


class ErrorResponse(BaseModel):
    """Every error body: a stable code and a message, never a stack trace."""

    error: ErrorInfo
    request_id: Optional[str] = None


class ExtractResponse(BaseModel):
    request_id: str
    backend: str
    results: list[ExtractResult]
    timing_ms: dict[str, float]
