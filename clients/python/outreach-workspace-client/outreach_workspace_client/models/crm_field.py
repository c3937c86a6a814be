from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="CrmField")


@_attrs_define
class CrmField:
    """
    Attributes:
        property_ (str): CRM property name. Example: lifecycle_stage.
        value (str):  Example: customer.
    """

    property_: str
    value: str

    def to_dict(self) -> dict[str, Any]:
        property_ = self.property_

        value = self.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "property": property_,
                "value": value,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        property_ = d.pop("property")

        value = d.pop("value")

        crm_field = cls(
            property_=property_,
            value=value,
        )

        return crm_field
