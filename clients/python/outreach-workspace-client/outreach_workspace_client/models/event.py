from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.event_resolution_status import EventResolutionStatus, check_event_resolution_status

if TYPE_CHECKING:
    from ..models.event_subject import EventSubject
    from ..models.ingested_event_payload import IngestedEventPayload


T = TypeVar("T", bound="Event")


@_attrs_define
class Event:
    """
    Attributes:
        id (UUID):
        idempotency_key (str):
        event_name (str):
        occurred_at (datetime.datetime): As sent, normalised to UTC (millisecond precision).
        external_event_id (None | str):
        subject (EventSubject): Who the event is about: at least one identifier, none blank; unknown fields are refused.
        payload (IngestedEventPayload | None): Exactly the JSON text sent (keys, order, whitespace and number spellings
            kept); null when none was sent.
        resolution_status (EventResolutionStatus): `PENDING` until subject matching ends.
        contact_id (None | UUID): Set on resolution: a contact of this workspace.
        account_id (None | UUID): Set on resolution: an account of this workspace.
        received_at (datetime.datetime): When it was stored.
        resolved_at (datetime.datetime | None): When subject matching ended.
    """

    id: UUID
    idempotency_key: str
    event_name: str
    occurred_at: datetime.datetime
    external_event_id: None | str
    subject: EventSubject
    payload: IngestedEventPayload | None
    resolution_status: EventResolutionStatus
    contact_id: None | UUID
    account_id: None | UUID
    received_at: datetime.datetime
    resolved_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.ingested_event_payload import IngestedEventPayload  # noqa: PLC0415

        id = str(self.id)

        idempotency_key = self.idempotency_key

        event_name = self.event_name

        occurred_at = self.occurred_at.isoformat()

        external_event_id: None | str
        external_event_id = self.external_event_id

        subject = self.subject.to_dict()

        payload: dict[str, Any] | None
        if isinstance(self.payload, IngestedEventPayload):
            payload = self.payload.to_dict()
        else:
            payload = self.payload

        resolution_status: str = self.resolution_status

        contact_id: None | str
        if isinstance(self.contact_id, UUID):
            contact_id = str(self.contact_id)
        else:
            contact_id = self.contact_id

        account_id: None | str
        if isinstance(self.account_id, UUID):
            account_id = str(self.account_id)
        else:
            account_id = self.account_id

        received_at = self.received_at.isoformat()

        resolved_at: None | str
        if isinstance(self.resolved_at, datetime.datetime):
            resolved_at = self.resolved_at.isoformat()
        else:
            resolved_at = self.resolved_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "idempotency_key": idempotency_key,
                "event_name": event_name,
                "occurred_at": occurred_at,
                "external_event_id": external_event_id,
                "subject": subject,
                "payload": payload,
                "resolution_status": resolution_status,
                "contact_id": contact_id,
                "account_id": account_id,
                "received_at": received_at,
                "resolved_at": resolved_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event_subject import EventSubject  # noqa: PLC0415
        from ..models.ingested_event_payload import IngestedEventPayload  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        idempotency_key = d.pop("idempotency_key")

        event_name = d.pop("event_name")

        occurred_at = datetime.datetime.fromisoformat(d.pop("occurred_at"))

        def _parse_external_event_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        external_event_id = _parse_external_event_id(d.pop("external_event_id"))

        subject = EventSubject.from_dict(d.pop("subject"))

        def _parse_payload(data: object) -> IngestedEventPayload | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                payload_type_0 = IngestedEventPayload.from_dict(data)

                return payload_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(IngestedEventPayload | None, data)

        payload = _parse_payload(d.pop("payload"))

        resolution_status = check_event_resolution_status(d.pop("resolution_status"))

        def _parse_contact_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                contact_id_type_0 = UUID(data)

                return contact_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        contact_id = _parse_contact_id(d.pop("contact_id"))

        def _parse_account_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                account_id_type_0 = UUID(data)

                return account_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        account_id = _parse_account_id(d.pop("account_id"))

        received_at = datetime.datetime.fromisoformat(d.pop("received_at"))

        def _parse_resolved_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                resolved_at_type_0 = datetime.datetime.fromisoformat(data)

                return resolved_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        resolved_at = _parse_resolved_at(d.pop("resolved_at"))

        event = cls(
            id=id,
            idempotency_key=idempotency_key,
            event_name=event_name,
            occurred_at=occurred_at,
            external_event_id=external_event_id,
            subject=subject,
            payload=payload,
            resolution_status=resolution_status,
            contact_id=contact_id,
            account_id=account_id,
            received_at=received_at,
            resolved_at=resolved_at,
        )

        event.additional_properties = d
        return event

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
