from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.contact_unenroll_item_status import ContactUnenrollItemStatus, check_contact_unenroll_item_status

T = TypeVar("T", bound="ContactUnenrollItem")


@_attrs_define
class ContactUnenrollItem:
    """
    Attributes:
        contact_id (UUID):
        status (ContactUnenrollItemStatus): NOT_FOUND: no such contact in the organization (nothing done).
        stopped_sequence_ids (list[UUID]): The runs this call ended FAILED with stopped_reason UNENROLLED.
        exclusion_id (None | UUID): The person's contact exclusion, in force for at least three months from now: created
            now, an existing shorter or lapsed one extended, or an existing longer or permanent one kept; null for NOT_FOUND
            or a contact without email and LinkedIn URL.
    """

    contact_id: UUID
    status: ContactUnenrollItemStatus
    stopped_sequence_ids: list[UUID]
    exclusion_id: None | UUID
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        contact_id = str(self.contact_id)

        status: str = self.status

        stopped_sequence_ids = []
        for stopped_sequence_ids_item_data in self.stopped_sequence_ids:
            stopped_sequence_ids_item = str(stopped_sequence_ids_item_data)
            stopped_sequence_ids.append(stopped_sequence_ids_item)

        exclusion_id: None | str
        if isinstance(self.exclusion_id, UUID):
            exclusion_id = str(self.exclusion_id)
        else:
            exclusion_id = self.exclusion_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "contact_id": contact_id,
                "status": status,
                "stopped_sequence_ids": stopped_sequence_ids,
                "exclusion_id": exclusion_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        contact_id = UUID(d.pop("contact_id"))

        status = check_contact_unenroll_item_status(d.pop("status"))

        stopped_sequence_ids = []
        _stopped_sequence_ids = d.pop("stopped_sequence_ids")
        for stopped_sequence_ids_item_data in _stopped_sequence_ids:
            stopped_sequence_ids_item = UUID(stopped_sequence_ids_item_data)

            stopped_sequence_ids.append(stopped_sequence_ids_item)

        def _parse_exclusion_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                exclusion_id_type_0 = UUID(data)

                return exclusion_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        exclusion_id = _parse_exclusion_id(d.pop("exclusion_id"))

        contact_unenroll_item = cls(
            contact_id=contact_id,
            status=status,
            stopped_sequence_ids=stopped_sequence_ids,
            exclusion_id=exclusion_id,
        )

        contact_unenroll_item.additional_properties = d
        return contact_unenroll_item

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
