from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="IcpContext")


@_attrs_define
class IcpContext:
    """An ICP used instead of the workspace profile for this call (it replaces it whole; lists left out are empty).

    Attributes:
        industries (list[str] | Unset): Industries, e.g. 'Software'.
        company_sizes (list[str] | Unset): Employee bands, e.g. '51-200', '201-500', '1000+'.
        countries (list[str] | Unset): ISO 3166-1 alpha-2 codes, e.g. 'US'.
        job_titles (list[str] | Unset): Title phrases, e.g. 'VP Engineering', 'Head of Sales', 'engineering'.
        seniorities (list[str] | Unset): 'C_LEVEL', 'VP', 'HEAD', 'DIRECTOR', 'MANAGER', 'SENIOR' or 'ENTRY'.
        keywords (list[str] | Unset): Words looked for in job title, company name, industry and technologies.
    """

    industries: list[str] | Unset = UNSET
    company_sizes: list[str] | Unset = UNSET
    countries: list[str] | Unset = UNSET
    job_titles: list[str] | Unset = UNSET
    seniorities: list[str] | Unset = UNSET
    keywords: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        industries: list[str] | Unset = UNSET
        if not isinstance(self.industries, Unset):
            industries = self.industries

        company_sizes: list[str] | Unset = UNSET
        if not isinstance(self.company_sizes, Unset):
            company_sizes = self.company_sizes

        countries: list[str] | Unset = UNSET
        if not isinstance(self.countries, Unset):
            countries = self.countries

        job_titles: list[str] | Unset = UNSET
        if not isinstance(self.job_titles, Unset):
            job_titles = self.job_titles

        seniorities: list[str] | Unset = UNSET
        if not isinstance(self.seniorities, Unset):
            seniorities = self.seniorities

        keywords: list[str] | Unset = UNSET
        if not isinstance(self.keywords, Unset):
            keywords = self.keywords

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if industries is not UNSET:
            field_dict["industries"] = industries
        if company_sizes is not UNSET:
            field_dict["company_sizes"] = company_sizes
        if countries is not UNSET:
            field_dict["countries"] = countries
        if job_titles is not UNSET:
            field_dict["job_titles"] = job_titles
        if seniorities is not UNSET:
            field_dict["seniorities"] = seniorities
        if keywords is not UNSET:
            field_dict["keywords"] = keywords

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        industries = cast(list[str], d.pop("industries", UNSET))

        company_sizes = cast(list[str], d.pop("company_sizes", UNSET))

        countries = cast(list[str], d.pop("countries", UNSET))

        job_titles = cast(list[str], d.pop("job_titles", UNSET))

        seniorities = cast(list[str], d.pop("seniorities", UNSET))

        keywords = cast(list[str], d.pop("keywords", UNSET))

        icp_context = cls(
            industries=industries,
            company_sizes=company_sizes,
            countries=countries,
            job_titles=job_titles,
            seniorities=seniorities,
            keywords=keywords,
        )

        return icp_context
