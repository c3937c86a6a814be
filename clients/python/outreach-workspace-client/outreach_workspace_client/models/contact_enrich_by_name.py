from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ContactEnrichByName")


@_attrs_define
class ContactEnrichByName:
    """
    Attributes:
        first_name (str): First name (matched with last_name at company_domain).
        last_name (str): Last name.
        company_domain (str): Domain of the employer.
        email (None | str | Unset): Matched case-insensitively; null: not known. Example: ada@acme.test.
        linkedin_url (None | str | Unset): Any usual form of https://www.linkedin.com/in/<slug>.
    """

    first_name: str
    last_name: str
    company_domain: str
    email: None | str | Unset = UNSET
    linkedin_url: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        first_name = self.first_name

        last_name = self.last_name

        company_domain = self.company_domain

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
                "first_name": first_name,
                "last_name": last_name,
                "company_domain": company_domain,
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
        first_name = d.pop("first_name")

        last_name = d.pop("last_name")

        company_domain = d.pop("company_domain")

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

        contact_enrich_by_name = cls(
            first_name=first_name,
            last_name=last_name,
            company_domain=company_domain,
            email=email,
            linkedin_url=linkedin_url,
        )

        return contact_enrich_by_name
