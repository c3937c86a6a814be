from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="SequenceCreate")


@_attrs_define
class SequenceCreate:
    """
    Attributes:
        contact_id (UUID):
        sequence_template_id (UUID):
    """

    contact_id: UUID
    sequence_template_id: UUID

    def to_dict(self) -> dict[str, Any]:
        contact_id = str(self.contact_id)

        sequence_template_id = str(self.sequence_template_id)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "contact_id": contact_id,
                "sequence_template_id": sequence_template_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        contact_id = UUID(d.pop("contact_id"))

        sequence_template_id = UUID(d.pop("sequence_template_id"))

        sequence_create = cls(
            contact_id=contact_id,
            sequence_template_id=sequence_template_id,
        )

        return sequence_create
