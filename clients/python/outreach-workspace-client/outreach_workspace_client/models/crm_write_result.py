from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.crm_write_result_object_type import CrmWriteResultObjectType, check_crm_write_result_object_type

T = TypeVar("T", bound="CrmWriteResult")


@_attrs_define
class CrmWriteResult:
    """
    Attributes:
        object_type (CrmWriteResultObjectType):
        crm_type (str): The connected CRM provider type. Example: sandbox.
        crm_properties (list[str]): The properties updated, in request order.
        crm_property (str): The primary property updated: the first field of the request.
        external_id (str): The CRM record id. Example: crm-company-acme.
    """

    object_type: CrmWriteResultObjectType
    crm_type: str
    crm_properties: list[str]
    crm_property: str
    external_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        object_type: str = self.object_type

        crm_type = self.crm_type

        crm_properties = self.crm_properties

        crm_property = self.crm_property

        external_id = self.external_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "object_type": object_type,
                "crm_type": crm_type,
                "crm_properties": crm_properties,
                "crm_property": crm_property,
                "external_id": external_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        object_type = check_crm_write_result_object_type(d.pop("object_type"))

        crm_type = d.pop("crm_type")

        crm_properties = cast(list[str], d.pop("crm_properties"))

        crm_property = d.pop("crm_property")

        external_id = d.pop("external_id")

        crm_write_result = cls(
            object_type=object_type,
            crm_type=crm_type,
            crm_properties=crm_properties,
            crm_property=crm_property,
            external_id=external_id,
        )

        crm_write_result.additional_properties = d
        return crm_write_result

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
