from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.contact_variables_account_variables import ContactVariablesAccountVariables
    from ..models.contact_variables_contact_variables import ContactVariablesContactVariables


T = TypeVar("T", bound="ContactVariables")


@_attrs_define
class ContactVariables:
    """
    Attributes:
        contact_variables (ContactVariablesContactVariables):
        account_variables (ContactVariablesAccountVariables):
    """

    contact_variables: ContactVariablesContactVariables
    account_variables: ContactVariablesAccountVariables
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        contact_variables = self.contact_variables.to_dict()

        account_variables = self.account_variables.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "contact_variables": contact_variables,
                "account_variables": account_variables,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.contact_variables_account_variables import ContactVariablesAccountVariables  # noqa: PLC0415
        from ..models.contact_variables_contact_variables import ContactVariablesContactVariables  # noqa: PLC0415

        d = dict(src_dict)
        contact_variables = ContactVariablesContactVariables.from_dict(d.pop("contact_variables"))

        account_variables = ContactVariablesAccountVariables.from_dict(d.pop("account_variables"))

        contact_variables = cls(
            contact_variables=contact_variables,
            account_variables=account_variables,
        )

        contact_variables.additional_properties = d
        return contact_variables

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
