from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.contact_summary import ContactSummary


T = TypeVar("T", bound="ResourceEventBase")


@_attrs_define
class ResourceEventBase:
    """The fields every resource event has besides `type`, which each event's schema fixes: no sequence fields; `contact`
    only when a contact is known.

        Attributes:
            organization_id (UUID):
            contact_id (None | UUID):
            activity_id (UUID): The activity of the stream that records this event (GET /v1/activities/{activity_id}).
            created_at (datetime.datetime): When the event was recorded (the activity's created_at).
            contact (ContactSummary | Unset):
    """

    organization_id: UUID
    contact_id: None | UUID
    activity_id: UUID
    created_at: datetime.datetime
    contact: ContactSummary | Unset = UNSET
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

        contact: dict[str, Any] | Unset = UNSET
        if not isinstance(self.contact, Unset):
            contact = self.contact.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "organization_id": organization_id,
                "contact_id": contact_id,
                "activity_id": activity_id,
                "created_at": created_at,
            }
        )
        if contact is not UNSET:
            field_dict["contact"] = contact

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.contact_summary import ContactSummary  # noqa: PLC0415

        d = dict(src_dict)
        organization_id = UUID(d.pop("organization_id"))

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

        activity_id = UUID(d.pop("activity_id"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        _contact = d.pop("contact", UNSET)
        contact: ContactSummary | Unset
        if isinstance(_contact, Unset):
            contact = UNSET
        else:
            contact = ContactSummary.from_dict(_contact)

        resource_event_base = cls(
            organization_id=organization_id,
            contact_id=contact_id,
            activity_id=activity_id,
            created_at=created_at,
            contact=contact,
        )

        resource_event_base.additional_properties = d
        return resource_event_base

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
