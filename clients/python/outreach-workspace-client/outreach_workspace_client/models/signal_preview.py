from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.signal_preview_signal_type import SignalPreviewSignalType, check_signal_preview_signal_type
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.signal_preview_search_filters import SignalPreviewSearchFilters


T = TypeVar("T", bound="SignalPreview")


@_attrs_define
class SignalPreview:
    """
    Attributes:
        signal_type (SignalPreviewSignalType):
        search_filters (SignalPreviewSearchFilters | Unset): Filter key to a list of strings; only the preset's
            filter_keys, its required_filter_keys present and non-empty (422 naming the key otherwise).
    """

    signal_type: SignalPreviewSignalType
    search_filters: SignalPreviewSearchFilters | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        signal_type: str = self.signal_type

        search_filters: dict[str, Any] | Unset = UNSET
        if not isinstance(self.search_filters, Unset):
            search_filters = self.search_filters.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "signal_type": signal_type,
            }
        )
        if search_filters is not UNSET:
            field_dict["search_filters"] = search_filters

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.signal_preview_search_filters import SignalPreviewSearchFilters  # noqa: PLC0415

        d = dict(src_dict)
        signal_type = check_signal_preview_signal_type(d.pop("signal_type"))

        _search_filters = d.pop("search_filters", UNSET)
        search_filters: SignalPreviewSearchFilters | Unset
        if isinstance(_search_filters, Unset):
            search_filters = UNSET
        else:
            search_filters = SignalPreviewSearchFilters.from_dict(_search_filters)

        signal_preview = cls(
            signal_type=signal_type,
            search_filters=search_filters,
        )

        return signal_preview
