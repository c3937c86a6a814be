from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ContactUnenroll")


@_attrs_define
class ContactUnenroll:
    """
    Attributes:
        contact_ids (list[UUID]):
        sequence_template_id (UUID | Unset):
    """

    contact_ids: list[UUID]
    sequence_template_id: UUID | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        contact_ids = []
        for contact_ids_item_data in self.contact_ids:
            contact_ids_item = str(contact_ids_item_data)
            contact_ids.append(contact_ids_item)

        sequence_template_id: str | Unset = UNSET
        if not isinstance(self.sequence_template_id, Unset):
            sequence_template_id = str(self.sequence_template_id)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "contact_ids": contact_ids,
            }
        )
        if sequence_template_id is not UNSET:
            field_dict["sequence_template_id"] = sequence_template_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        contact_ids = []
        _contact_ids = d.pop("contact_ids")
        for contact_ids_item_data in _contact_ids:
            contact_ids_item = UUID(contact_ids_item_data)

            contact_ids.append(contact_ids_item)

        _sequence_template_id = d.pop("sequence_template_id", UNSET)
        sequence_template_id: UUID | Unset
        if isinstance(_sequence_template_id, Unset):
            sequence_template_id = UNSET
        else:
            sequence_template_id = UUID(_sequence_template_id)

        contact_unenroll = cls(
            contact_ids=contact_ids,
            sequence_template_id=sequence_template_id,
        )

        return contact_unenroll
