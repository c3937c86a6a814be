from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.company_profile import CompanyProfile


T = TypeVar("T", bound="AccountEntry")


@_attrs_define
class AccountEntry:
    """
    Attributes:
        id (UUID):
        account_list_id (UUID):
        account_id (None | UUID): Always set, except on entries a custom-event signal takes from an unresolved event.
        name (str):
        domain (str): Primary domain.
        company (CompanyProfile | None): The directory's company profile, or null.
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    id: UUID
    account_list_id: UUID
    account_id: None | UUID
    name: str
    domain: str
    company: CompanyProfile | None
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.company_profile import CompanyProfile  # noqa: PLC0415

        id = str(self.id)

        account_list_id = str(self.account_list_id)

        account_id: None | str
        if isinstance(self.account_id, UUID):
            account_id = str(self.account_id)
        else:
            account_id = self.account_id

        name = self.name

        domain = self.domain

        company: dict[str, Any] | None
        if isinstance(self.company, CompanyProfile):
            company = self.company.to_dict()
        else:
            company = self.company

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "account_list_id": account_list_id,
                "account_id": account_id,
                "name": name,
                "domain": domain,
                "company": company,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.company_profile import CompanyProfile  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        account_list_id = UUID(d.pop("account_list_id"))

        def _parse_account_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                account_id_type_0 = UUID(data)

                return account_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        account_id = _parse_account_id(d.pop("account_id"))

        name = d.pop("name")

        domain = d.pop("domain")

        def _parse_company(data: object) -> CompanyProfile | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                company_type_0 = CompanyProfile.from_dict(data)

                return company_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CompanyProfile | None, data)

        company = _parse_company(d.pop("company"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        account_entry = cls(
            id=id,
            account_list_id=account_list_id,
            account_id=account_id,
            name=name,
            domain=domain,
            company=company,
            created_at=created_at,
            updated_at=updated_at,
        )

        account_entry.additional_properties = d
        return account_entry

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
