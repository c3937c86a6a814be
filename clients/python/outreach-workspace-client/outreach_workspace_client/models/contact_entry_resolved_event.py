from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.contact_summary import ContactSummary


T = TypeVar("T", bound="ContactEntryResolvedEvent")


@_attrs_define
class ContactEntryResolvedEvent:
    """A contact-list entry was linked to a workspace contact (at once for a known contact, after the lead import for a new
    one).

        Attributes:
            organization_id (UUID):
            contact_id (None | UUID):
            activity_id (UUID): The activity of the stream that records this event (GET /v1/activities/{activity_id}).
            created_at (datetime.datetime): When the event was recorded (the activity's created_at).
            type_ (Literal['contact_entry.resolved']):
            contact_entry_id (UUID):
            contact_list_id (UUID):
            external_contact_id (None | str):
            contact (ContactSummary | Unset):
    """

    organization_id: UUID
    contact_id: None | UUID
    activity_id: UUID
    created_at: datetime.datetime
    type_: Literal["contact_entry.resolved"]
    contact_entry_id: UUID
    contact_list_id: UUID
    external_contact_id: None | str
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

        type_ = self.type_

        contact_entry_id = str(self.contact_entry_id)

        contact_list_id = str(self.contact_list_id)

        external_contact_id: None | str
        external_contact_id = self.external_contact_id

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
                "type": type_,
                "contact_entry_id": contact_entry_id,
                "contact_list_id": contact_list_id,
                "external_contact_id": external_contact_id,
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

        type_ = cast(Literal["contact_entry.resolved"], d.pop("type"))
        if type_ != "contact_entry.resolved":
            raise ValueError(f"type must match const 'contact_entry.resolved', got '{type_}'")

        contact_entry_id = UUID(d.pop("contact_entry_id"))

        contact_list_id = UUID(d.pop("contact_list_id"))

        def _parse_external_contact_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        external_contact_id = _parse_external_contact_id(d.pop("external_contact_id"))

        _contact = d.pop("contact", UNSET)
        contact: ContactSummary | Unset
        if isinstance(_contact, Unset):
            contact = UNSET
        else:
            contact = ContactSummary.from_dict(_contact)

        contact_entry_resolved_event = cls(
            organization_id=organization_id,
            contact_id=contact_id,
            activity_id=activity_id,
            created_at=created_at,
            type_=type_,
            contact_entry_id=contact_entry_id,
            contact_list_id=contact_list_id,
            external_contact_id=external_contact_id,
            contact=contact,
        )

        contact_entry_resolved_event.additional_properties = d
        return contact_entry_resolved_event

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
