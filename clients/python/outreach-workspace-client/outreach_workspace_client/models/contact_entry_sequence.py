from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ContactEntrySequence")


@_attrs_define
class ContactEntrySequence:
    """
    Attributes:
        id (UUID | Unset):
        status (str | Unset):
        stopped_reason (None | str | Unset):
    """

    id: UUID | Unset = UNSET
    status: str | Unset = UNSET
    stopped_reason: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id: str | Unset = UNSET
        if not isinstance(self.id, Unset):
            id = str(self.id)

        status = self.status

        stopped_reason: None | str | Unset
        if isinstance(self.stopped_reason, Unset):
            stopped_reason = UNSET
        else:
            stopped_reason = self.stopped_reason

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if id is not UNSET:
            field_dict["id"] = id
        if status is not UNSET:
            field_dict["status"] = status
        if stopped_reason is not UNSET:
            field_dict["stopped_reason"] = stopped_reason

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _id = d.pop("id", UNSET)
        id: UUID | Unset
        if isinstance(_id, Unset):
            id = UNSET
        else:
            id = UUID(_id)

        status = d.pop("status", UNSET)

        def _parse_stopped_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        stopped_reason = _parse_stopped_reason(d.pop("stopped_reason", UNSET))

        contact_entry_sequence = cls(
            id=id,
            status=status,
            stopped_reason=stopped_reason,
        )

        contact_entry_sequence.additional_properties = d
        return contact_entry_sequence

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
