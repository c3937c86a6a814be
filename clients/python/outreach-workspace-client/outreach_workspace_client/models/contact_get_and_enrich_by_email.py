from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ContactGetAndEnrichByEmail")


@_attrs_define
class ContactGetAndEnrichByEmail:
    """
    Attributes:
        email (str): Matched case-insensitively; null: not known. Example: ada@acme.test.
        contact_id (UUID | Unset):
        linkedin_url (None | str | Unset): Any usual form of https://www.linkedin.com/in/<slug>.
    """

    email: str
    contact_id: UUID | Unset = UNSET
    linkedin_url: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        contact_id: str | Unset = UNSET
        if not isinstance(self.contact_id, Unset):
            contact_id = str(self.contact_id)

        linkedin_url: None | str | Unset
        if isinstance(self.linkedin_url, Unset):
            linkedin_url = UNSET
        else:
            linkedin_url = self.linkedin_url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "email": email,
            }
        )
        if contact_id is not UNSET:
            field_dict["contact_id"] = contact_id
        if linkedin_url is not UNSET:
            field_dict["linkedin_url"] = linkedin_url

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        email = d.pop("email")

        _contact_id = d.pop("contact_id", UNSET)
        contact_id: UUID | Unset
        if isinstance(_contact_id, Unset):
            contact_id = UNSET
        else:
            contact_id = UUID(_contact_id)

        def _parse_linkedin_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        linkedin_url = _parse_linkedin_url(d.pop("linkedin_url", UNSET))

        contact_get_and_enrich_by_email = cls(
            email=email,
            contact_id=contact_id,
            linkedin_url=linkedin_url,
        )

        return contact_get_and_enrich_by_email
