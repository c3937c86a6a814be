from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.activity_event_resolved_event_resolution_status import (
    ActivityEventResolvedEventResolutionStatus,
    check_activity_event_resolved_event_resolution_status,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.activity_contact_summary import ActivityContactSummary


T = TypeVar("T", bound="ActivityEventResolvedEvent")


@_attrs_define
class ActivityEventResolvedEvent:
    """An ingested first-party event finished subject resolution.

    Attributes:
        organization_id (UUID):
        contact_id (None | UUID):
        activity_id (UUID): The activity of the stream that records this event (GET /v1/activities/{activity_id}).
        created_at (datetime.datetime): When the event was recorded (the activity's created_at).
        type_ (Literal['event.resolved']):
        event_id (UUID):
        event_name (str):
        resolution_status (ActivityEventResolvedEventResolutionStatus):
        account_id (None | UUID):
        external_event_id (None | str):
        contact (ActivityContactSummary | Unset):
    """

    organization_id: UUID
    contact_id: None | UUID
    activity_id: UUID
    created_at: datetime.datetime
    type_: Literal["event.resolved"]
    event_id: UUID
    event_name: str
    resolution_status: ActivityEventResolvedEventResolutionStatus
    account_id: None | UUID
    external_event_id: None | str
    contact: ActivityContactSummary | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        organization_id = str(self.organization_id)

        contact_id: None | str
        if isinstance(self.contact_id, UUID):
            contact_id = str(self.contact_id)
        else:
            contact_id = self.contact_id

        activity_id = str(self.activity_id)

        created_at = self.created_at.isoformat()

        type_ = self.type_

        event_id = str(self.event_id)

        event_name = self.event_name

        resolution_status: str = self.resolution_status

        account_id: None | str
        if isinstance(self.account_id, UUID):
            account_id = str(self.account_id)
        else:
            account_id = self.account_id

        external_event_id: None | str
        external_event_id = self.external_event_id

        contact: dict[str, Any] | Unset = UNSET
        if not isinstance(self.contact, Unset):
            contact = self.contact.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "organizationId": organization_id,
                "contactId": contact_id,
                "activityId": activity_id,
                "createdAt": created_at,
                "type": type_,
                "eventId": event_id,
                "eventName": event_name,
                "resolutionStatus": resolution_status,
                "accountId": account_id,
                "externalEventId": external_event_id,
            }
        )
        if contact is not UNSET:
            field_dict["contact"] = contact

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.activity_contact_summary import ActivityContactSummary  # noqa: PLC0415

        d = dict(src_dict)
        organization_id = UUID(d.pop("organizationId"))

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

        contact_id = _parse_contact_id(d.pop("contactId"))

        activity_id = UUID(d.pop("activityId"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        type_ = cast(Literal["event.resolved"], d.pop("type"))
        if type_ != "event.resolved":
            raise ValueError(f"type must match const 'event.resolved', got '{type_}'")

        event_id = UUID(d.pop("eventId"))

        event_name = d.pop("eventName")

        resolution_status = check_activity_event_resolved_event_resolution_status(d.pop("resolutionStatus"))

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

        account_id = _parse_account_id(d.pop("accountId"))

        def _parse_external_event_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        external_event_id = _parse_external_event_id(d.pop("externalEventId"))

        _contact = d.pop("contact", UNSET)
        contact: ActivityContactSummary | Unset
        if isinstance(_contact, Unset):
            contact = UNSET
        else:
            contact = ActivityContactSummary.from_dict(_contact)

        activity_event_resolved_event = cls(
            organization_id=organization_id,
            contact_id=contact_id,
            activity_id=activity_id,
            created_at=created_at,
            type_=type_,
            event_id=event_id,
            event_name=event_name,
            resolution_status=resolution_status,
            account_id=account_id,
            external_event_id=external_event_id,
            contact=contact,
        )

        activity_event_resolved_event.additional_properties = d
        return activity_event_resolved_event

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
