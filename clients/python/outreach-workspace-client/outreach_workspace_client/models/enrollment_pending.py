from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="EnrollmentPending")


@_attrs_define
class EnrollmentPending:
    """
    Attributes:
        enrollment_run_id (str): The enrollment run; the outcome appears in GET /v1/sequences?contact_id=.
        contact_id (UUID):
        sequence_template_id (UUID):
    """

    enrollment_run_id: str
    contact_id: UUID
    sequence_template_id: UUID
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        enrollment_run_id = self.enrollment_run_id

        contact_id = str(self.contact_id)

        sequence_template_id = str(self.sequence_template_id)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "enrollment_run_id": enrollment_run_id,
                "contact_id": contact_id,
                "sequence_template_id": sequence_template_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        enrollment_run_id = d.pop("enrollment_run_id")

        contact_id = UUID(d.pop("contact_id"))

        sequence_template_id = UUID(d.pop("sequence_template_id"))

        enrollment_pending = cls(
            enrollment_run_id=enrollment_run_id,
            contact_id=contact_id,
            sequence_template_id=sequence_template_id,
        )

        enrollment_pending.additional_properties = d
        return enrollment_pending

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
