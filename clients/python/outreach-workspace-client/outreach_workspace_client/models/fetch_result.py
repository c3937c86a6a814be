from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.fetch_result_data import FetchResultData


T = TypeVar("T", bound="FetchResult")


@_attrs_define
class FetchResult:
    """
    Attributes:
        id (str):
        type_ (str):
        title (str):
        text (str):
        data (FetchResultData):
    """

    id: str
    type_: str
    title: str
    text: str
    data: FetchResultData
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_ = self.type_

        title = self.title

        text = self.text

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "type": type_,
                "title": title,
                "text": text,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.fetch_result_data import FetchResultData  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        type_ = d.pop("type")

        title = d.pop("title")

        text = d.pop("text")

        data = FetchResultData.from_dict(d.pop("data"))

        fetch_result = cls(
            id=id,
            type_=type_,
            title=title,
            text=text,
            data=data,
        )

        fetch_result.additional_properties = d
        return fetch_result

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
