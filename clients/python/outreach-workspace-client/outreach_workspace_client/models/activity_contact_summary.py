from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ActivityContactSummary")


@_attrs_define
class ActivityContactSummary:
    """
    Attributes:
        id (UUID):
        first_name (None | str):
        last_name (None | str):
        email (None | str):
        linkedin_url (None | str):
        job_title (None | str):
        company_name (None | str):
        company_domain (None | str):
    """

    id: UUID
    first_name: None | str
    last_name: None | str
    email: None | str
    linkedin_url: None | str
    job_title: None | str
    company_name: None | str
    company_domain: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        first_name: None | str
        first_name = self.first_name

        last_name: None | str
        last_name = self.last_name

        email: None | str
        email = self.email

        linkedin_url: None | str
        linkedin_url = self.linkedin_url

        job_title: None | str
        job_title = self.job_title

        company_name: None | str
        company_name = self.company_name

        company_domain: None | str
        company_domain = self.company_domain

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "firstName": first_name,
                "lastName": last_name,
                "email": email,
                "linkedinUrl": linkedin_url,
                "jobTitle": job_title,
                "companyName": company_name,
                "companyDomain": company_domain,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        def _parse_first_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        first_name = _parse_first_name(d.pop("firstName"))

        def _parse_last_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_name = _parse_last_name(d.pop("lastName"))

        def _parse_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email = _parse_email(d.pop("email"))

        def _parse_linkedin_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        linkedin_url = _parse_linkedin_url(d.pop("linkedinUrl"))

        def _parse_job_title(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        job_title = _parse_job_title(d.pop("jobTitle"))

        def _parse_company_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        company_name = _parse_company_name(d.pop("companyName"))

        def _parse_company_domain(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        company_domain = _parse_company_domain(d.pop("companyDomain"))

        activity_contact_summary = cls(
            id=id,
            first_name=first_name,
            last_name=last_name,
            email=email,
            linkedin_url=linkedin_url,
            job_title=job_title,
            company_name=company_name,
            company_domain=company_domain,
        )

        activity_contact_summary.additional_properties = d
        return activity_contact_summary

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
