from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ContactListUpdate")


@_attrs_define
class ContactListUpdate:
    """
    Attributes:
        name (str | Unset): Not blank.
        default_sequence_template_id (None | Unset | UUID): ACTIVE with at least one step (else 422, the list
            unchanged); enrolls every resolved entry not yet enrolled in it. null clears it.
    """

    name: str | Unset = UNSET
    default_sequence_template_id: None | Unset | UUID = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        default_sequence_template_id: None | str | Unset
        if isinstance(self.default_sequence_template_id, Unset):
            default_sequence_template_id = UNSET
        elif isinstance(self.default_sequence_template_id, UUID):
            default_sequence_template_id = str(self.default_sequence_template_id)
        else:
            default_sequence_template_id = self.default_sequence_template_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if default_sequence_template_id is not UNSET:
            field_dict["default_sequence_template_id"] = default_sequence_template_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        def _parse_default_sequence_template_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                default_sequence_template_id_type_0 = UUID(data)

                return default_sequence_template_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        default_sequence_template_id = _parse_default_sequence_template_id(d.pop("default_sequence_template_id", UNSET))

        contact_list_update = cls(
            name=name,
            default_sequence_template_id=default_sequence_template_id,
        )

        return contact_list_update
