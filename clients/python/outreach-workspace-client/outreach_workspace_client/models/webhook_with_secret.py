from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.webhook_status import WebhookStatus, check_webhook_status

T = TypeVar("T", bound="WebhookWithSecret")


@_attrs_define
class WebhookWithSecret:
    """
    Attributes:
        id (UUID):
        name (str):
        description (None | str):
        url (str):
        event_types (list[str]):
        sequence_template_ids (list[UUID] | None):
        status (WebhookStatus):
        status_reason (None | str): Why the service paused the subscription (e.g. the receiver answered 410, or failed
            for days); null when a client set the status.
        secret_prefix (str): The first characters of the current secret, to tell secrets apart; never enough to sign.
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        secret (str): The signing secret (`whsec_...`), shown only in this answer; the service keeps it encrypted and
            never returns it again.
    """

    id: UUID
    name: str
    description: None | str
    url: str
    event_types: list[str]
    sequence_template_ids: list[UUID] | None
    status: WebhookStatus
    status_reason: None | str
    secret_prefix: str
    created_at: datetime.datetime
    updated_at: datetime.datetime
    secret: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        description: None | str
        description = self.description

        url = self.url

        event_types = self.event_types

        sequence_template_ids: list[str] | None
        if isinstance(self.sequence_template_ids, list):
            sequence_template_ids = []
            for sequence_template_ids_type_0_item_data in self.sequence_template_ids:
                sequence_template_ids_type_0_item = str(sequence_template_ids_type_0_item_data)
                sequence_template_ids.append(sequence_template_ids_type_0_item)

        else:
            sequence_template_ids = self.sequence_template_ids

        status: str = self.status

        status_reason: None | str
        status_reason = self.status_reason

        secret_prefix = self.secret_prefix

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        secret = self.secret

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "description": description,
                "url": url,
                "event_types": event_types,
                "sequence_template_ids": sequence_template_ids,
                "status": status,
                "status_reason": status_reason,
                "secret_prefix": secret_prefix,
                "created_at": created_at,
                "updated_at": updated_at,
                "secret": secret,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        url = d.pop("url")

        event_types = cast(list[str], d.pop("event_types"))

        def _parse_sequence_template_ids(data: object) -> list[UUID] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                sequence_template_ids_type_0 = []
                _sequence_template_ids_type_0 = data
                for sequence_template_ids_type_0_item_data in _sequence_template_ids_type_0:
                    sequence_template_ids_type_0_item = UUID(sequence_template_ids_type_0_item_data)

                    sequence_template_ids_type_0.append(sequence_template_ids_type_0_item)

                return sequence_template_ids_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[UUID] | None, data)

        sequence_template_ids = _parse_sequence_template_ids(d.pop("sequence_template_ids"))

        status = check_webhook_status(d.pop("status"))

        def _parse_status_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        status_reason = _parse_status_reason(d.pop("status_reason"))

        secret_prefix = d.pop("secret_prefix")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        secret = d.pop("secret")

        webhook_with_secret = cls(
            id=id,
            name=name,
            description=description,
            url=url,
            event_types=event_types,
            sequence_template_ids=sequence_template_ids,
            status=status,
            status_reason=status_reason,
            secret_prefix=secret_prefix,
            created_at=created_at,
            updated_at=updated_at,
            secret=secret,
        )

        webhook_with_secret.additional_properties = d
        return webhook_with_secret

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
