from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="EnrichedCompany")


@_attrs_define
class EnrichedCompany:
    """Facts about the employer.

    Attributes:
        industry (None | str):
        size_band (None | str):  Example: 201-500.
        employee_count (int | None):
        country_code (None | str): ISO 3166-1 alpha-2.
        company_type (None | str):  Example: PRIVATE.
        technologies (list[str]):
    """

    industry: None | str
    size_band: None | str
    employee_count: int | None
    country_code: None | str
    company_type: None | str
    technologies: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        industry: None | str
        industry = self.industry

        size_band: None | str
        size_band = self.size_band

        employee_count: int | None
        employee_count = self.employee_count

        country_code: None | str
        country_code = self.country_code

        company_type: None | str
        company_type = self.company_type

        technologies = self.technologies

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "industry": industry,
                "size_band": size_band,
                "employee_count": employee_count,
                "country_code": country_code,
                "company_type": company_type,
                "technologies": technologies,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_industry(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        industry = _parse_industry(d.pop("industry"))

        def _parse_size_band(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        size_band = _parse_size_band(d.pop("size_band"))

        def _parse_employee_count(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        employee_count = _parse_employee_count(d.pop("employee_count"))

        def _parse_country_code(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        country_code = _parse_country_code(d.pop("country_code"))

        def _parse_company_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        company_type = _parse_company_type(d.pop("company_type"))

        technologies = cast(list[str], d.pop("technologies"))

        enriched_company = cls(
            industry=industry,
            size_band=size_band,
            employee_count=employee_count,
            country_code=country_code,
            company_type=company_type,
            technologies=technologies,
        )

        enriched_company.additional_properties = d
        return enriched_company

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
