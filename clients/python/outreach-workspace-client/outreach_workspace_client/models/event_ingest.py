from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.event_ingest_payload import EventIngestPayload
    from ..models.event_subject import EventSubject


T = TypeVar("T", bound="EventIngest")


@_attrs_define
class EventIngest:
    """
    Attributes:
        event_name (str): 1 to 255 characters; a case-sensitive, exact grouping key.
        occurred_at (datetime.datetime): When it happened in your system. RFC 3339 with `Z` or an explicit offset
            (`±hh:mm`); naive and date-only values are refused. Backdating is allowed.
        subject (EventSubject): Who the event is about: at least one identifier, none blank; unknown fields are refused.
        external_event_id (str | Unset): Your id for the event, 1 to 255 characters: resends with the same id are
            deduplicated (safe retries).
        payload (EventIngestPayload | Unset): Free-form JSON object, stored whole; returned by the reads exactly as sent
            (same keys, order and number spellings).
    """

    event_name: str
    occurred_at: datetime.datetime
    subject: EventSubject
    external_event_id: str | Unset = UNSET
    payload: EventIngestPayload | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        event_name = self.event_name

        occurred_at = self.occurred_at.isoformat()

        subject = self.subject.to_dict()

        external_event_id = self.external_event_id

        payload: dict[str, Any] | Unset = UNSET
        if not isinstance(self.payload, Unset):
            payload = self.payload.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "event_name": event_name,
                "occurred_at": occurred_at,
                "subject": subject,
            }
        )
        if external_event_id is not UNSET:
            field_dict["external_event_id"] = external_event_id
        if payload is not UNSET:
            field_dict["payload"] = payload

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event_ingest_payload import EventIngestPayload  # noqa: PLC0415
        from ..models.event_subject import EventSubject  # noqa: PLC0415

        d = dict(src_dict)
        event_name = d.pop("event_name")

        occurred_at = datetime.datetime.fromisoformat(d.pop("occurred_at"))

        subject = EventSubject.from_dict(d.pop("subject"))

        external_event_id = d.pop("external_event_id", UNSET)

        _payload = d.pop("payload", UNSET)
        payload: EventIngestPayload | Unset
        if isinstance(_payload, Unset):
            payload = UNSET
        else:
            payload = EventIngestPayload.from_dict(_payload)

        event_ingest = cls(
            event_name=event_name,
            occurred_at=occurred_at,
            subject=subject,
            external_event_id=external_event_id,
            payload=payload,
        )

        return event_ingest
