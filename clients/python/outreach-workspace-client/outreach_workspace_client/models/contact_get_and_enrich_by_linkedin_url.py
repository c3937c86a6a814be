from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ContactGetAndEnrichByLinkedinUrl")


@_attrs_define
class ContactGetAndEnrichByLinkedinUrl:
    """
    Attributes:
        linkedin_url (str): Any usual form of https://www.linkedin.com/in/<slug>.
        contact_id (UUID | Unset):
        email (None | str | Unset): Matched case-insensitively; null: not known. Example: ada@acme.test.
    """

    linkedin_url: str
    contact_id: UUID | Unset = UNSET
    email: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        linkedin_url = self.linkedin_url

        contact_id: str | Unset = UNSET
        if not isinstance(self.contact_id, Unset):
            contact_id = str(self.contact_id)

        email: None | str | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        else:
            email = self.email

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "linkedin_url": linkedin_url,
            }
        )
        if contact_id is not UNSET:
            field_dict["contact_id"] = contact_id
        if email is not UNSET:
            field_dict["email"] = email

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        linkedin_url = d.pop("linkedin_url")

        _contact_id = d.pop("contact_id", UNSET)
        contact_id: UUID | Unset
        if isinstance(_contact_id, Unset):
            contact_id = UNSET
        else:
            contact_id = UUID(_contact_id)

        def _parse_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email = _parse_email(d.pop("email", UNSET))

        contact_get_and_enrich_by_linkedin_url = cls(
            linkedin_url=linkedin_url,
            contact_id=contact_id,
            email=email,
        )

        return contact_get_and_enrich_by_linkedin_url
