from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="TaskSnooze")


@_attrs_define
class TaskSnooze:
    """
    Attributes:
        snoozed_until (datetime.datetime): In the future, within 365 days.
    """

    snoozed_until: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        snoozed_until = self.snoozed_until.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "snoozed_until": snoozed_until,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        snoozed_until = datetime.datetime.fromisoformat(d.pop("snoozed_until"))

        task_snooze = cls(
            snoozed_until=snoozed_until,
        )

        return task_snooze
