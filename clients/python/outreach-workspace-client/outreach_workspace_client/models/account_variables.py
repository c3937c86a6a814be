from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.account_variables_variables import AccountVariablesVariables


T = TypeVar("T", bound="AccountVariables")


@_attrs_define
class AccountVariables:
    """
    Attributes:
        variables (AccountVariablesVariables):
    """

    variables: AccountVariablesVariables
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        variables = self.variables.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "variables": variables,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.account_variables_variables import AccountVariablesVariables  # noqa: PLC0415

        d = dict(src_dict)
        variables = AccountVariablesVariables.from_dict(d.pop("variables"))

        account_variables = cls(
            variables=variables,
        )

        account_variables.additional_properties = d
        return account_variables

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
