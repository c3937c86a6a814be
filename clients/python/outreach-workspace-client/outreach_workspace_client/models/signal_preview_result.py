from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.signal_preview_item import SignalPreviewItem


T = TypeVar("T", bound="SignalPreviewResult")


@_attrs_define
class SignalPreviewResult:
    """
    Attributes:
        window_days (int):
        total_count (int | None):
        items (list[SignalPreviewItem]):
    """

    window_days: int
    total_count: int | None
    items: list[SignalPreviewItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        window_days = self.window_days

        total_count: int | None
        total_count = self.total_count

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "window_days": window_days,
                "total_count": total_count,
                "items": items,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.signal_preview_item import SignalPreviewItem  # noqa: PLC0415

        d = dict(src_dict)
        window_days = d.pop("window_days")

        def _parse_total_count(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        total_count = _parse_total_count(d.pop("total_count"))

        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = SignalPreviewItem.from_dict(items_item_data)

            items.append(items_item)

        signal_preview_result = cls(
            window_days=window_days,
            total_count=total_count,
            items=items,
        )

        signal_preview_result.additional_properties = d
        return signal_preview_result

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
