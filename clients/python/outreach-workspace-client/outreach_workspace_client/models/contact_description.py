from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ContactDescription")


@_attrs_define
class ContactDescription:
    """An inline description. Company facts not given are taken from the directory by company_domain.

    Attributes:
        first_name (None | str | Unset): First name.
        last_name (None | str | Unset): Last name.
        email (None | str | Unset): Email.
        linkedin_url (None | str | Unset):
        job_title (None | str | Unset): Job title.
        company_name (None | str | Unset): Company name.
        company_domain (None | str | Unset): Employer domain; fills industry, company size and country from the
            directory.
        industry (None | str | Unset): Industry.
        company_size (None | str | Unset): Employee band ('201-500') or head count ('350').
        country (None | str | Unset): ISO 3166-1 alpha-2 country code.
        seniority (None | str | Unset): Seniority; read from the job title when absent.
    """

    first_name: None | str | Unset = UNSET
    last_name: None | str | Unset = UNSET
    email: None | str | Unset = UNSET
    linkedin_url: None | str | Unset = UNSET
    job_title: None | str | Unset = UNSET
    company_name: None | str | Unset = UNSET
    company_domain: None | str | Unset = UNSET
    industry: None | str | Unset = UNSET
    company_size: None | str | Unset = UNSET
    country: None | str | Unset = UNSET
    seniority: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        first_name: None | str | Unset
        if isinstance(self.first_name, Unset):
            first_name = UNSET
        else:
            first_name = self.first_name

        last_name: None | str | Unset
        if isinstance(self.last_name, Unset):
            last_name = UNSET
        else:
            last_name = self.last_name

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

        job_title: None | str | Unset
        if isinstance(self.job_title, Unset):
            job_title = UNSET
        else:
            job_title = self.job_title

        company_name: None | str | Unset
        if isinstance(self.company_name, Unset):
            company_name = UNSET
        else:
            company_name = self.company_name

        company_domain: None | str | Unset
        if isinstance(self.company_domain, Unset):
            company_domain = UNSET
        else:
            company_domain = self.company_domain

        industry: None | str | Unset
        if isinstance(self.industry, Unset):
            industry = UNSET
        else:
            industry = self.industry

        company_size: None | str | Unset
        if isinstance(self.company_size, Unset):
            company_size = UNSET
        else:
            company_size = self.company_size

        country: None | str | Unset
        if isinstance(self.country, Unset):
            country = UNSET
        else:
            country = self.country

        seniority: None | str | Unset
        if isinstance(self.seniority, Unset):
            seniority = UNSET
        else:
            seniority = self.seniority

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if first_name is not UNSET:
            field_dict["first_name"] = first_name
        if last_name is not UNSET:
            field_dict["last_name"] = last_name
        if email is not UNSET:
            field_dict["email"] = email
        if linkedin_url is not UNSET:
            field_dict["linkedin_url"] = linkedin_url
        if job_title is not UNSET:
            field_dict["job_title"] = job_title
        if company_name is not UNSET:
            field_dict["company_name"] = company_name
        if company_domain is not UNSET:
            field_dict["company_domain"] = company_domain
        if industry is not UNSET:
            field_dict["industry"] = industry
        if company_size is not UNSET:
            field_dict["company_size"] = company_size
        if country is not UNSET:
            field_dict["country"] = country
        if seniority is not UNSET:
            field_dict["seniority"] = seniority

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_first_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        first_name = _parse_first_name(d.pop("first_name", UNSET))

        def _parse_last_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        last_name = _parse_last_name(d.pop("last_name", UNSET))

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

        def _parse_job_title(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        job_title = _parse_job_title(d.pop("job_title", UNSET))

        def _parse_company_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        company_name = _parse_company_name(d.pop("company_name", UNSET))

        def _parse_company_domain(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        company_domain = _parse_company_domain(d.pop("company_domain", UNSET))

        def _parse_industry(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        industry = _parse_industry(d.pop("industry", UNSET))

        def _parse_company_size(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        company_size = _parse_company_size(d.pop("company_size", UNSET))

        def _parse_country(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        country = _parse_country(d.pop("country", UNSET))

        def _parse_seniority(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        seniority = _parse_seniority(d.pop("seniority", UNSET))

        contact_description = cls(
            first_name=first_name,
            last_name=last_name,
            email=email,
            linkedin_url=linkedin_url,
            job_title=job_title,
            company_name=company_name,
            company_domain=company_domain,
            industry=industry,
            company_size=company_size,
            country=country,
            seniority=seniority,
        )

        return contact_description
