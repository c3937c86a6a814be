from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.signal_preset_scope import SignalPresetScope, check_signal_preset_scope
from ..models.signal_preset_signal_type import SignalPresetSignalType, check_signal_preset_signal_type

T = TypeVar("T", bound="SignalPreset")


@_attrs_define
class SignalPreset:
    """
    Attributes:
        signal_type (SignalPresetSignalType):
        title (str):
        description (str):
        category_label (str):
        scope (SignalPresetScope):
        scope_selectable_at_creation (bool):
        filter_keys (list[str]):
        required_filter_keys (list[str]):
        requires_event_subject (bool):
        preview_supported (bool):
    """

    signal_type: SignalPresetSignalType
    title: str
    description: str
    category_label: str
    scope: SignalPresetScope
    scope_selectable_at_creation: bool
    filter_keys: list[str]
    required_filter_keys: list[str]
    requires_event_subject: bool
    preview_supported: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        signal_type: str = self.signal_type

        title = self.title

        description = self.description

        category_label = self.category_label

        scope: str = self.scope

        scope_selectable_at_creation = self.scope_selectable_at_creation

        filter_keys = self.filter_keys

        required_filter_keys = self.required_filter_keys

        requires_event_subject = self.requires_event_subject

        preview_supported = self.preview_supported

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "signal_type": signal_type,
                "title": title,
                "description": description,
                "category_label": category_label,
                "scope": scope,
                "scope_selectable_at_creation": scope_selectable_at_creation,
                "filter_keys": filter_keys,
                "required_filter_keys": required_filter_keys,
                "requires_event_subject": requires_event_subject,
                "preview_supported": preview_supported,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        signal_type = check_signal_preset_signal_type(d.pop("signal_type"))

        title = d.pop("title")

        description = d.pop("description")

        category_label = d.pop("category_label")

        scope = check_signal_preset_scope(d.pop("scope"))

        scope_selectable_at_creation = d.pop("scope_selectable_at_creation")

        filter_keys = cast(list[str], d.pop("filter_keys"))

        required_filter_keys = cast(list[str], d.pop("required_filter_keys"))

        requires_event_subject = d.pop("requires_event_subject")

        preview_supported = d.pop("preview_supported")

        signal_preset = cls(
            signal_type=signal_type,
            title=title,
            description=description,
            category_label=category_label,
            scope=scope,
            scope_selectable_at_creation=scope_selectable_at_creation,
            filter_keys=filter_keys,
            required_filter_keys=required_filter_keys,
            requires_event_subject=requires_event_subject,
            preview_supported=preview_supported,
        )

        signal_preset.additional_properties = d
        return signal_preset

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
