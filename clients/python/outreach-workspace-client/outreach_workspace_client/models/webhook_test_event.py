from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WebhookTestEvent")


@_attrs_define
class WebhookTestEvent:
    """The connectivity check `POST /v1/webhooks/{webhook_id}/test` sends, whatever the subscription's event types and
    status.

        Attributes:
            type_ (Literal['webhook.test']):
            organization_id (UUID):
            webhook_id (UUID):
            created_at (datetime.datetime):
    """

    type_: Literal["webhook.test"]
    organization_id: UUID
    webhook_id: UUID
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        organization_id = str(self.organization_id)

        webhook_id = str(self.webhook_id)

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "organization_id": organization_id,
                "webhook_id": webhook_id,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["webhook.test"], d.pop("type"))
        if type_ != "webhook.test":
            raise ValueError(f"type must match const 'webhook.test', got '{type_}'")

        organization_id = UUID(d.pop("organization_id"))

        webhook_id = UUID(d.pop("webhook_id"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        webhook_test_event = cls(
            type_=type_,
            organization_id=organization_id,
            webhook_id=webhook_id,
            created_at=created_at,
        )

        webhook_test_event.additional_properties = d
        return webhook_test_event

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
