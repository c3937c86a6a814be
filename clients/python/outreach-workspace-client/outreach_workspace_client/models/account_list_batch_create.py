from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="AccountListBatchCreate")


@_attrs_define
class AccountListBatchCreate:
    """1 to 100 lists (more: 422 ValidationIssue). Each item is checked on its own (a bad item is a FAILED result, the
    others are written). Item fields: name; required: name.

        Attributes:
            items (list[Any]): Objects; anything else is a FAILED item.
    """

    items: list[Any]

    def to_dict(self) -> dict[str, Any]:
        items = self.items

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "items": items,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        items = cast(list[Any], d.pop("items"))

        account_list_batch_create = cls(
            items=items,
        )

        return account_list_batch_create
