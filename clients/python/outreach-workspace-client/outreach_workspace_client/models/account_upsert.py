from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AccountUpsert")


@_attrs_define
class AccountUpsert:
    """
    Attributes:
        domain (str): Normalised (case, scheme, www., path, trailing dot); an alias resolves to the primary domain.
        name (str | Unset): Used only when the account is created (default: the directory name, else the domain).
    """

    domain: str
    name: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        domain = self.domain

        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "domain": domain,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        domain = d.pop("domain")

        name = d.pop("name", UNSET)

        account_upsert = cls(
            domain=domain,
            name=name,
        )

        return account_upsert
