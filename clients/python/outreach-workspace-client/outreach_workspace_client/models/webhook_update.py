from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.event_type import EventType, check_event_type
from ..models.webhook_update_status import WebhookUpdateStatus, check_webhook_update_status
from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookUpdate")


@_attrs_define
class WebhookUpdate:
    """Only fields sent change. A status change clears status_reason; status ACTIVE re-enables a PAUSED or DISABLED
    subscription.

        Attributes:
            name (str | Unset): Shown in lists; trimmed.
            description (None | str | Unset):
            url (str | Unset): Where deliveries are POSTed. https only, without credentials, not a private, link-local or
                loopback address (http to a loopback host only when the service runs with WEBHOOK_ALLOW_HTTP_LOOPBACK). Every
                address a host name resolves to is checked again at each delivery.
            event_types (list[EventType] | Unset): Event types delivered to this subscription. Resource events:
                `contact_entry.resolved`, `event.resolved`, and `contact_exclusion.created` (a contact exclusion created by the
                API, an unenroll or an unsubscribe; changes to an exclusion, a PATCH or an unenroll extending its `until`, are
                not events).
            sequence_template_ids (list[UUID] | None | Unset): null (default): events of every sequence template, and
                resource events. A list: sequence-tied events of these templates only, and no resource events nor the task.*
                events of a standalone to-do (they have no template). Every id must be a sequence template of the organization
                (422 ValidationIssue naming sequence_template_ids otherwise).
            status (WebhookUpdateStatus | Unset): ACTIVE: delivered. PAUSED: suspended, events meanwhile are not queued.
                DISABLED: administratively off.
    """

    name: str | Unset = UNSET
    description: None | str | Unset = UNSET
    url: str | Unset = UNSET
    event_types: list[EventType] | Unset = UNSET
    sequence_template_ids: list[UUID] | None | Unset = UNSET
    status: WebhookUpdateStatus | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        url = self.url

        event_types: list[str] | Unset = UNSET
        if not isinstance(self.event_types, Unset):
            event_types = []
            for event_types_item_data in self.event_types:
                event_types_item: str = event_types_item_data
                event_types.append(event_types_item)

        sequence_template_ids: list[str] | None | Unset
        if isinstance(self.sequence_template_ids, Unset):
            sequence_template_ids = UNSET
        elif isinstance(self.sequence_template_ids, list):
            sequence_template_ids = []
            for sequence_template_ids_type_0_item_data in self.sequence_template_ids:
                sequence_template_ids_type_0_item = str(sequence_template_ids_type_0_item_data)
                sequence_template_ids.append(sequence_template_ids_type_0_item)

        else:
            sequence_template_ids = self.sequence_template_ids

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if description is not UNSET:
            field_dict["description"] = description
        if url is not UNSET:
            field_dict["url"] = url
        if event_types is not UNSET:
            field_dict["event_types"] = event_types
        if sequence_template_ids is not UNSET:
            field_dict["sequence_template_ids"] = sequence_template_ids
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        url = d.pop("url", UNSET)

        _event_types = d.pop("event_types", UNSET)
        event_types: list[EventType] | Unset = UNSET
        if _event_types is not UNSET:
            event_types = []
            for event_types_item_data in _event_types:
                event_types_item = check_event_type(event_types_item_data)

                event_types.append(event_types_item)

        def _parse_sequence_template_ids(data: object) -> list[UUID] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
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
            return cast(list[UUID] | None | Unset, data)

        sequence_template_ids = _parse_sequence_template_ids(d.pop("sequence_template_ids", UNSET))

        _status = d.pop("status", UNSET)
        status: WebhookUpdateStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = check_webhook_update_status(_status)

        webhook_update = cls(
            name=name,
            description=description,
            url=url,
            event_types=event_types,
            sequence_template_ids=sequence_template_ids,
            status=status,
        )

        return webhook_update
