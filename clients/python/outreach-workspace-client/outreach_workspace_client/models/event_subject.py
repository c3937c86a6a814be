from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="EventSubject")


@_attrs_define
class EventSubject:
    """Who the event is about: at least one identifier, none blank; unknown fields are refused.

    Attributes:
        email (str | Unset): The person's email.
        linkedin_url (str | Unset): The person's LinkedIn profile URL.
        company_domain (str | Unset): The company's domain (account-level events).
        external_contact_id (str | Unset): The contact's id in the connected CRM.
        external_company_id (str | Unset): The company's id in the connected CRM.
    """

    email: str | Unset = UNSET
    linkedin_url: str | Unset = UNSET
    company_domain: str | Unset = UNSET
    external_contact_id: str | Unset = UNSET
    external_company_id: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        linkedin_url = self.linkedin_url

        company_domain = self.company_domain

        external_contact_id = self.external_contact_id

        external_company_id = self.external_company_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if email is not UNSET:
            field_dict["email"] = email
        if linkedin_url is not UNSET:
            field_dict["linkedin_url"] = linkedin_url
        if company_domain is not UNSET:
            field_dict["company_domain"] = company_domain
        if external_contact_id is not UNSET:
            field_dict["external_contact_id"] = external_contact_id
        if external_company_id is not UNSET:
            field_dict["external_company_id"] = external_company_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        email = d.pop("email", UNSET)

        linkedin_url = d.pop("linkedin_url", UNSET)

        company_domain = d.pop("company_domain", UNSET)

        external_contact_id = d.pop("external_contact_id", UNSET)

        external_company_id = d.pop("external_company_id", UNSET)

        event_subject = cls(
            email=email,
            linkedin_url=linkedin_url,
            company_domain=company_domain,
            external_contact_id=external_contact_id,
            external_company_id=external_company_id,
        )

        return event_subject
