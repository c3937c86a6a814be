from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.activity_message_summary_channel import (
    ActivityMessageSummaryChannel,
    check_activity_message_summary_channel,
)
from ..models.activity_message_summary_direction import (
    ActivityMessageSummaryDirection,
    check_activity_message_summary_direction,
)

T = TypeVar("T", bound="ActivityMessageSummary")


@_attrs_define
class ActivityMessageSummary:
    """The message the event is about; `id` equals `message_id`.

    Attributes:
        id (UUID):
        subject (None | str): Emails only.
        body (str): As rendered, variables substituted.
        channel (ActivityMessageSummaryChannel):
        direction (ActivityMessageSummaryDirection): `OUTBOUND` for team messages, `INBOUND` for replies.
        sent_at (datetime.datetime):
        step_number (int | None):
    """

    id: UUID
    subject: None | str
    body: str
    channel: ActivityMessageSummaryChannel
    direction: ActivityMessageSummaryDirection
    sent_at: datetime.datetime
    step_number: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        subject: None | str
        subject = self.subject

        body = self.body

        channel: str = self.channel

        direction: str = self.direction

        sent_at = self.sent_at.isoformat()

        step_number: int | None
        step_number = self.step_number

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "subject": subject,
                "body": body,
                "channel": channel,
                "direction": direction,
                "sentAt": sent_at,
                "stepNumber": step_number,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        def _parse_subject(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        subject = _parse_subject(d.pop("subject"))

        body = d.pop("body")

        channel = check_activity_message_summary_channel(d.pop("channel"))

        direction = check_activity_message_summary_direction(d.pop("direction"))

        sent_at = datetime.datetime.fromisoformat(d.pop("sentAt"))

        def _parse_step_number(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        step_number = _parse_step_number(d.pop("stepNumber"))

        activity_message_summary = cls(
            id=id,
            subject=subject,
            body=body,
            channel=channel,
            direction=direction,
            sent_at=sent_at,
            step_number=step_number,
        )

        activity_message_summary.additional_properties = d
        return activity_message_summary

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
