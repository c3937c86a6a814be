from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.activity_payload import ActivityPayload


T = TypeVar("T", bound="Activity")


@_attrs_define
class Activity:
    """
    Attributes:
        id (UUID):
        created_at (datetime.datetime):
        payload (ActivityPayload): The event as its webhook delivery carries it, with every key camelCased
            (organizationId, contactId, sequenceId, sequenceTemplateId, resourceType, channel, messageId, hotLeadId,
            calendarEventId, taskId, contact, sequenceTemplate, message: {sentAt, stepNumber, ...}); values are unchanged.
            Discriminated by `type`; unknown types may be added within /v1.
    """

    id: UUID
    created_at: datetime.datetime
    payload: ActivityPayload
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        created_at = self.created_at.isoformat()

        payload = self.payload.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "created_at": created_at,
                "payload": payload,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.activity_payload import ActivityPayload  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        payload = ActivityPayload.from_dict(d.pop("payload"))

        activity = cls(
            id=id,
            created_at=created_at,
            payload=payload,
        )

        activity.additional_properties = d
        return activity

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
