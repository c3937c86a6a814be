from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.variable_map import VariableMap


T = TypeVar("T", bound="SequenceVariablesUpdate")


@_attrs_define
class SequenceVariablesUpdate:
    """
    Attributes:
        variables (VariableMap): Keys ^[A-Za-z][A-Za-z0-9_]{0,63}$; values strings up to 10000 characters, or null
            (keeps the slot). At most 200 keys per scope.
    """

    variables: VariableMap

    def to_dict(self) -> dict[str, Any]:
        variables = self.variables.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "variables": variables,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.variable_map import VariableMap  # noqa: PLC0415

        d = dict(src_dict)
        variables = VariableMap.from_dict(d.pop("variables"))

        sequence_variables_update = cls(
            variables=variables,
        )

        return sequence_variables_update
