from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="EventIngestAccepted")


@_attrs_define
class EventIngestAccepted:
    """
    Attributes:
        accepted (bool): Always true: the event is durably stored (not yet resolved).
        idempotency_key (str): `first-party:<organization_id>:<external_event_id or SHA-256 hex of the request body
            bytes>`; a replay answers the same key.
    """

    accepted: bool
    idempotency_key: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        accepted = self.accepted

        idempotency_key = self.idempotency_key

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "accepted": accepted,
                "idempotency_key": idempotency_key,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        accepted = d.pop("accepted")

        idempotency_key = d.pop("idempotency_key")

        event_ingest_accepted = cls(
            accepted=accepted,
            idempotency_key=idempotency_key,
        )

        event_ingest_accepted.additional_properties = d
        return event_ingest_accepted

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
