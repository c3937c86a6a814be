from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.sequence_template_schedule_type_0_days_item import (
    SequenceTemplateScheduleType0DaysItem,
    check_sequence_template_schedule_type_0_days_item,
)

T = TypeVar("T", bound="SequenceTemplateScheduleType0")


@_attrs_define
class SequenceTemplateScheduleType0:
    """Sending window in the template's timezone: a due step waits for the next window. null: a step runs as soon as it is
    due.

        Attributes:
            days (list[SequenceTemplateScheduleType0DaysItem]):
            start_hour (int): First hour of the window (inclusive).
            end_hour (int): End of the window (exclusive), greater than start_hour (422 naming schedule.end_hour otherwise).
    """

    days: list[SequenceTemplateScheduleType0DaysItem]
    start_hour: int
    end_hour: int

    def to_dict(self) -> dict[str, Any]:
        days = []
        for days_item_data in self.days:
            days_item: str = days_item_data
            days.append(days_item)

        start_hour = self.start_hour

        end_hour = self.end_hour

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "days": days,
                "start_hour": start_hour,
                "end_hour": end_hour,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        days = []
        _days = d.pop("days")
        for days_item_data in _days:
            days_item = check_sequence_template_schedule_type_0_days_item(days_item_data)

            days.append(days_item)

        start_hour = d.pop("start_hour")

        end_hour = d.pop("end_hour")

        sequence_template_schedule_type_0 = cls(
            days=days,
            start_hour=start_hour,
            end_hour=end_hour,
        )

        return sequence_template_schedule_type_0
