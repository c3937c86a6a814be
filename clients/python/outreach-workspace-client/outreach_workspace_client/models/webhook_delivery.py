from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.webhook_delivery_status import WebhookDeliveryStatus, check_webhook_delivery_status

T = TypeVar("T", bound="WebhookDelivery")


@_attrs_define
class WebhookDelivery:
    """
    Attributes:
        id (str): The `webhook-id` header of every attempt (`msg_...`); receivers deduplicate on it.
        activity_id (UUID):
        event_type (str):
        status (WebhookDeliveryStatus):
        attempts (int):
        last_response_code (int | None):
        last_error (None | str):
        next_attempt_at (datetime.datetime | None):
        delivered_at (datetime.datetime | None):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    id: str
    activity_id: UUID
    event_type: str
    status: WebhookDeliveryStatus
    attempts: int
    last_response_code: int | None
    last_error: None | str
    next_attempt_at: datetime.datetime | None
    delivered_at: datetime.datetime | None
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        activity_id = str(self.activity_id)

        event_type = self.event_type

        status: str = self.status

        attempts = self.attempts

        last_response_code: int | None
        last_response_code = self.last_response_code

        last_error: None | str
        last_error = self.last_error

        next_attempt_at: None | str
        if isinstance(self.next_attempt_at, datetime.datetime):
            next_attempt_at = self.next_attempt_at.isoformat()
        else:
            next_attempt_at = self.next_attempt_at

        delivered_at: None | str
        if isinstance(self.delivered_at, datetime.datetime):
            delivered_at = self.delivered_at.isoformat()
        else:
            delivered_at = self.delivered_at

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "activity_id": activity_id,
                "event_type": event_type,
                "status": status,
                "attempts": attempts,
                "last_response_code": last_response_code,
                "last_error": last_error,
                "next_attempt_at": next_attempt_at,
                "delivered_at": delivered_at,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        activity_id = UUID(d.pop("activity_id"))

        event_type = d.pop("event_type")

        status = check_webhook_delivery_status(d.pop("status"))

        attempts = d.pop("attempts")

        def _parse_last_response_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_response_code = _parse_last_response_code(d.pop("last_response_code"))

        def _parse_last_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_error = _parse_last_error(d.pop("last_error"))

        def _parse_next_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at"))

        def _parse_delivered_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                delivered_at_type_0 = datetime.datetime.fromisoformat(data)

                return delivered_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        delivered_at = _parse_delivered_at(d.pop("delivered_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        webhook_delivery = cls(
            id=id,
            activity_id=activity_id,
            event_type=event_type,
            status=status,
            attempts=attempts,
            last_response_code=last_response_code,
            last_error=last_error,
            next_attempt_at=next_attempt_at,
            delivered_at=delivered_at,
            created_at=created_at,
            updated_at=updated_at,
        )

        webhook_delivery.additional_properties = d
        return webhook_delivery

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
