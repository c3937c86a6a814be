from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="IcpProfile")


@_attrs_define
class IcpProfile:
    """The ideal customer profile; every list is empty when unset.

    Attributes:
        industries (list[str]): Industries, e.g. 'Software'.
        company_sizes (list[str]): Employee bands, e.g. '51-200', '201-500', '1000+'.
        countries (list[str]): ISO 3166-1 alpha-2 codes, e.g. 'US'.
        job_titles (list[str]): Title phrases, e.g. 'VP Engineering', 'Head of Sales', 'engineering'.
        seniorities (list[str]): 'C_LEVEL', 'VP', 'HEAD', 'DIRECTOR', 'MANAGER', 'SENIOR' or 'ENTRY'.
        keywords (list[str]): Words looked for in job title, company name, industry and technologies.
    """

    industries: list[str]
    company_sizes: list[str]
    countries: list[str]
    job_titles: list[str]
    seniorities: list[str]
    keywords: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        industries = self.industries

        company_sizes = self.company_sizes

        countries = self.countries

        job_titles = self.job_titles

        seniorities = self.seniorities

        keywords = self.keywords

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "industries": industries,
                "company_sizes": company_sizes,
                "countries": countries,
                "job_titles": job_titles,
                "seniorities": seniorities,
                "keywords": keywords,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        industries = cast(list[str], d.pop("industries"))

        company_sizes = cast(list[str], d.pop("company_sizes"))

        countries = cast(list[str], d.pop("countries"))

        job_titles = cast(list[str], d.pop("job_titles"))

        seniorities = cast(list[str], d.pop("seniorities"))

        keywords = cast(list[str], d.pop("keywords"))

        icp_profile = cls(
            industries=industries,
            company_sizes=company_sizes,
            countries=countries,
            job_titles=job_titles,
            seniorities=seniorities,
            keywords=keywords,
        )

        icp_profile.additional_properties = d
        return icp_profile

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
