from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.search_item_type import SearchItemType, check_search_item_type

T = TypeVar("T", bound="SearchItem")


@_attrs_define
class SearchItem:
    """
    Attributes:
        id (str): `<type>:<uuid>`, for GET /v1/fetch.
        type_ (SearchItemType):
        title (str):
        subtitle (str):
    """

    id: str
    type_: SearchItemType
    title: str
    subtitle: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_: str = self.type_

        title = self.title

        subtitle = self.subtitle

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "type": type_,
                "title": title,
                "subtitle": subtitle,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        type_ = check_search_item_type(d.pop("type"))

        title = d.pop("title")

        subtitle = d.pop("subtitle")

        search_item = cls(
            id=id,
            type_=type_,
            title=title,
            subtitle=subtitle,
        )

        search_item.additional_properties = d
        return search_item

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
