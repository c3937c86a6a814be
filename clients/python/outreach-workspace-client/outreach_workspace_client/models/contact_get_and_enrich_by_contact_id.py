from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ContactGetAndEnrichByContactId")


@_attrs_define
class ContactGetAndEnrichByContactId:
    """
    Attributes:
        contact_id (UUID):
        email (None | str | Unset): Matched case-insensitively; null: not known. Example: ada@acme.test.
        linkedin_url (None | str | Unset): Any usual form of https://www.linkedin.com/in/<slug>.
    """

    contact_id: UUID
    email: None | str | Unset = UNSET
    linkedin_url: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        contact_id = str(self.contact_id)

        email: None | str | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        else:
            email = self.email

        linkedin_url: None | str | Unset
        if isinstance(self.linkedin_url, Unset):
            linkedin_url = UNSET
        else:
            linkedin_url = self.linkedin_url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "contact_id": contact_id,
            }
        )
        if email is not UNSET:
            field_dict["email"] = email
        if linkedin_url is not UNSET:
            field_dict["linkedin_url"] = linkedin_url

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        contact_id = UUID(d.pop("contact_id"))

        def _parse_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email = _parse_email(d.pop("email", UNSET))

        def _parse_linkedin_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        linkedin_url = _parse_linkedin_url(d.pop("linkedin_url", UNSET))

        contact_get_and_enrich_by_contact_id = cls(
            contact_id=contact_id,
            email=email,
            linkedin_url=linkedin_url,
        )

        return contact_get_and_enrich_by_contact_id
