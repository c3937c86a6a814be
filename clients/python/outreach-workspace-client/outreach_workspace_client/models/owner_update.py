from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="OwnerUpdate")


@_attrs_define
class OwnerUpdate:
    """
    Attributes:
        owner_user_id (None | UUID): An active user of the organization; null unassigns.
    """

    owner_user_id: None | UUID

    def to_dict(self) -> dict[str, Any]:
        owner_user_id: None | str
        if isinstance(self.owner_user_id, UUID):
            owner_user_id = str(self.owner_user_id)
        else:
            owner_user_id = self.owner_user_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "owner_user_id": owner_user_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_owner_user_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                owner_user_id_type_0 = UUID(data)

                return owner_user_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        owner_user_id = _parse_owner_user_id(d.pop("owner_user_id"))

        owner_update = cls(
            owner_user_id=owner_user_id,
        )

        return owner_update
