from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.enriched_company import EnrichedCompany


T = TypeVar("T", bound="EnrichedPerson")


@_attrs_define
class EnrichedPerson:
    """The person the provider found.

    Attributes:
        first_name (None | str):
        last_name (None | str):
        email (None | str):
        linkedin_url (None | str):
        job_title (None | str):
        seniority (None | str): 'C_LEVEL', 'VP', 'HEAD', 'DIRECTOR', 'MANAGER', 'SENIOR' or 'ENTRY'.
        phone (None | str):
        company_name (None | str):
        company_domain (None | str):
        company (EnrichedCompany | None): Facts about the employer; null when unknown.
        provider (str): The provider that produced the data. Example: sandbox.
    """

    first_name: None | str
    last_name: None | str
    email: None | str
    linkedin_url: None | str
    job_title: None | str
    seniority: None | str
    phone: None | str
    company_name: None | str
    company_domain: None | str
    company: EnrichedCompany | None
    provider: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.enriched_company import EnrichedCompany  # noqa: PLC0415

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

        seniority: None | str
        seniority = self.seniority

        phone: None | str
        phone = self.phone

        company_name: None | str
        company_name = self.company_name

        company_domain: None | str
        company_domain = self.company_domain

        company: dict[str, Any] | None
        if isinstance(self.company, EnrichedCompany):
            company = self.company.to_dict()
        else:
            company = self.company

        provider = self.provider

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "first_name": first_name,
                "last_name": last_name,
                "email": email,
                "linkedin_url": linkedin_url,
                "job_title": job_title,
                "seniority": seniority,
                "phone": phone,
                "company_name": company_name,
                "company_domain": company_domain,
                "company": company,
                "provider": provider,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.enriched_company import EnrichedCompany  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_first_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        first_name = _parse_first_name(d.pop("first_name"))

        def _parse_last_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_name = _parse_last_name(d.pop("last_name"))

        def _parse_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email = _parse_email(d.pop("email"))

        def _parse_linkedin_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        linkedin_url = _parse_linkedin_url(d.pop("linkedin_url"))

        def _parse_job_title(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        job_title = _parse_job_title(d.pop("job_title"))

        def _parse_seniority(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        seniority = _parse_seniority(d.pop("seniority"))

        def _parse_phone(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        phone = _parse_phone(d.pop("phone"))

        def _parse_company_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        company_name = _parse_company_name(d.pop("company_name"))

        def _parse_company_domain(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        company_domain = _parse_company_domain(d.pop("company_domain"))

        def _parse_company(data: object) -> EnrichedCompany | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                company_type_0 = EnrichedCompany.from_dict(data)

                return company_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EnrichedCompany | None, data)

        company = _parse_company(d.pop("company"))

        provider = d.pop("provider")

        enriched_person = cls(
            first_name=first_name,
            last_name=last_name,
            email=email,
            linkedin_url=linkedin_url,
            job_title=job_title,
            seniority=seniority,
            phone=phone,
            company_name=company_name,
            company_domain=company_domain,
            company=company,
            provider=provider,
        )

        enriched_person.additional_properties = d
        return enriched_person

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
