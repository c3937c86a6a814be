from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.crm_field import CrmField


T = TypeVar("T", bound="CrmWrite")


@_attrs_define
class CrmWrite:
    """
    Attributes:
        fields (list[CrmField]): Properties to write, each named once (a property repeated is 422 naming
            `fields[i].property`); the first is reported as `crm_property`.
    """

    fields: list[CrmField]

    def to_dict(self) -> dict[str, Any]:
        fields = []
        for fields_item_data in self.fields:
            fields_item = fields_item_data.to_dict()
            fields.append(fields_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "fields": fields,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.crm_field import CrmField  # noqa: PLC0415

        d = dict(src_dict)
        fields = []
        _fields = d.pop("fields")
        for fields_item_data in _fields:
            fields_item = CrmField.from_dict(fields_item_data)

            fields.append(fields_item)

        crm_write = cls(
            fields=fields,
        )

        return crm_write
