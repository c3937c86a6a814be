from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.variable_map import VariableMap


T = TypeVar("T", bound="ContactVariablesUpdate")


@_attrs_define
class ContactVariablesUpdate:
    """
    Attributes:
        contact_variables (VariableMap | Unset): Keys ^[A-Za-z][A-Za-z0-9_]{0,63}$; values strings up to 10000
            characters, or null (keeps the slot). At most 200 keys per scope.
        account_variables (VariableMap | Unset): Keys ^[A-Za-z][A-Za-z0-9_]{0,63}$; values strings up to 10000
            characters, or null (keeps the slot). At most 200 keys per scope.
    """

    contact_variables: VariableMap | Unset = UNSET
    account_variables: VariableMap | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        contact_variables: dict[str, Any] | Unset = UNSET
        if not isinstance(self.contact_variables, Unset):
            contact_variables = self.contact_variables.to_dict()

        account_variables: dict[str, Any] | Unset = UNSET
        if not isinstance(self.account_variables, Unset):
            account_variables = self.account_variables.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if contact_variables is not UNSET:
            field_dict["contact_variables"] = contact_variables
        if account_variables is not UNSET:
            field_dict["account_variables"] = account_variables

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.variable_map import VariableMap  # noqa: PLC0415

        d = dict(src_dict)
        _contact_variables = d.pop("contact_variables", UNSET)
        contact_variables: VariableMap | Unset
        if isinstance(_contact_variables, Unset):
            contact_variables = UNSET
        else:
            contact_variables = VariableMap.from_dict(_contact_variables)

        _account_variables = d.pop("account_variables", UNSET)
        account_variables: VariableMap | Unset
        if isinstance(_account_variables, Unset):
            account_variables = UNSET
        else:
            account_variables = VariableMap.from_dict(_account_variables)

        contact_variables_update = cls(
            contact_variables=contact_variables,
            account_variables=account_variables,
        )

        return contact_variables_update
