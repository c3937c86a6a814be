from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ContactEntryBatchCreate")


@_attrs_define
class ContactEntryBatchCreate:
    """1 to 100 entries (more: 422 ValidationIssue). Each item is checked on its own (a bad item is a FAILED result, the
    others are written). Item fields: contact_list_id, email, linkedin_url, external_contact_id, first_name, last_name,
    company_name, company_domain, job_title, phone; required: contact_list_id.

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

        contact_entry_batch_create = cls(
            items=items,
        )

        return contact_entry_batch_create
