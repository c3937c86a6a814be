from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.sequence_stop_reason import SequenceStopReason, check_sequence_stop_reason
from ..models.sequence_stop_scope import SequenceStopScope, check_sequence_stop_scope

T = TypeVar("T", bound="SequenceStop")


@_attrs_define
class SequenceStop:
    """
    Attributes:
        reason (SequenceStopReason):
        scope (SequenceStopScope):
    """

    reason: SequenceStopReason
    scope: SequenceStopScope

    def to_dict(self) -> dict[str, Any]:
        reason: str = self.reason

        scope: str = self.scope

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "reason": reason,
                "scope": scope,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reason = check_sequence_stop_reason(d.pop("reason"))

        scope = check_sequence_stop_scope(d.pop("scope"))

        sequence_stop = cls(
            reason=reason,
            scope=scope,
        )

        return sequence_stop
