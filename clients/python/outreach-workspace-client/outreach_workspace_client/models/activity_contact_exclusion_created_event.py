from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.exclusion_reason import ExclusionReason, check_exclusion_reason
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.activity_contact_summary import ActivityContactSummary


T = TypeVar("T", bound="ActivityContactExclusionCreatedEvent")


@_attrs_define
class ActivityContactExclusionCreatedEvent:
    """A contact exclusion was created (through the API, an unenroll or an unsubscribe); `contact` when a workspace contact
    has its email or LinkedIn URL.

        Attributes:
            organization_id (UUID):
            contact_id (None | UUID):
            activity_id (UUID): The activity of the stream that records this event (GET /v1/activities/{activity_id}).
            created_at (datetime.datetime): When the event was recorded (the activity's created_at).
            type_ (Literal['contact_exclusion.created']):
            exclusion_id (UUID):
            email (None | str):
            linkedin_url (None | str):
            reason (ExclusionReason): Why the person or company is excluded.
            contact (ActivityContactSummary | Unset):
    """

    organization_id: UUID
    contact_id: None | UUID
    activity_id: UUID
    created_at: datetime.datetime
    type_: Literal["contact_exclusion.created"]
    exclusion_id: UUID
    email: None | str
    linkedin_url: None | str
    reason: ExclusionReason
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

        exclusion_id = str(self.exclusion_id)

        email: None | str
        email = self.email

        linkedin_url: None | str
        linkedin_url = self.linkedin_url

        reason: str = self.reason

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
                "exclusionId": exclusion_id,
                "email": email,
                "linkedinUrl": linkedin_url,
                "reason": reason,
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

        type_ = cast(Literal["contact_exclusion.created"], d.pop("type"))
        if type_ != "contact_exclusion.created":
            raise ValueError(f"type must match const 'contact_exclusion.created', got '{type_}'")

        exclusion_id = UUID(d.pop("exclusionId"))

        def _parse_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email = _parse_email(d.pop("email"))

        def _parse_linkedin_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        linkedin_url = _parse_linkedin_url(d.pop("linkedinUrl"))

        reason = check_exclusion_reason(d.pop("reason"))

        _contact = d.pop("contact", UNSET)
        contact: ActivityContactSummary | Unset
        if isinstance(_contact, Unset):
            contact = UNSET
        else:
            contact = ActivityContactSummary.from_dict(_contact)

        activity_contact_exclusion_created_event = cls(
            organization_id=organization_id,
            contact_id=contact_id,
            activity_id=activity_id,
            created_at=created_at,
            type_=type_,
            exclusion_id=exclusion_id,
            email=email,
            linkedin_url=linkedin_url,
            reason=reason,
            contact=contact,
        )

        activity_contact_exclusion_created_event.additional_properties = d
        return activity_contact_exclusion_created_event

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
