from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ActivityMeetingSummary")


@_attrs_define
class ActivityMeetingSummary:
    """The meeting booked; `id` equals `calendar_event_id`.

    Attributes:
        id (UUID):
        title (str):
        start_time (datetime.datetime):
        end_time (datetime.datetime):
        timezone (str): IANA time zone name.
    """

    id: UUID
    title: str
    start_time: datetime.datetime
    end_time: datetime.datetime
    timezone: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        title = self.title

        start_time = self.start_time.isoformat()

        end_time = self.end_time.isoformat()

        timezone = self.timezone

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "title": title,
                "startTime": start_time,
                "endTime": end_time,
                "timezone": timezone,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        title = d.pop("title")

        start_time = datetime.datetime.fromisoformat(d.pop("startTime"))

        end_time = datetime.datetime.fromisoformat(d.pop("endTime"))

        timezone = d.pop("timezone")

        activity_meeting_summary = cls(
            id=id,
            title=title,
            start_time=start_time,
            end_time=end_time,
            timezone=timezone,
        )

        activity_meeting_summary.additional_properties = d
        return activity_meeting_summary

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
