from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.sequence_template_on_missing_channel import (
    SequenceTemplateOnMissingChannel,
    check_sequence_template_on_missing_channel,
)
from ..models.sequence_template_status import SequenceTemplateStatus, check_sequence_template_status

if TYPE_CHECKING:
    from ..models.sequence_template_schedule_type_0 import SequenceTemplateScheduleType0
    from ..models.sequence_template_step import SequenceTemplateStep


T = TypeVar("T", bound="SequenceTemplate")


@_attrs_define
class SequenceTemplate:
    """
    Attributes:
        id (UUID):
        name (str):
        summary (None | str):
        status (SequenceTemplateStatus): PENDING_SETUP: a draft. ACTIVE: enrolls and runs (needs at least one step).
            INACTIVE: holds running sequences and refuses enrollments. FINISHING: refuses enrollments while running
            sequences finish. ARCHIVED: ends running sequences as STOPPED_EARLY. Statuses are stored and validated now;
            their effects on running sequences arrive with the sequence workflows.
        step_count (int):
        language (str):
        timezone (str):
        activated_at (datetime.datetime | None): When the template first became ACTIVE.
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        steps (list[SequenceTemplateStep]):
        on_missing_channel (SequenceTemplateOnMissingChannel):
        schedule (None | SequenceTemplateScheduleType0): Sending window in the template's timezone: a due step waits for
            the next window. null: a step runs as soon as it is due.
        sender_user_id (None | UUID):
        requires_lead_review (bool):
    """

    id: UUID
    name: str
    summary: None | str
    status: SequenceTemplateStatus
    step_count: int
    language: str
    timezone: str
    activated_at: datetime.datetime | None
    created_at: datetime.datetime
    updated_at: datetime.datetime
    steps: list[SequenceTemplateStep]
    on_missing_channel: SequenceTemplateOnMissingChannel
    schedule: None | SequenceTemplateScheduleType0
    sender_user_id: None | UUID
    requires_lead_review: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.sequence_template_schedule_type_0 import SequenceTemplateScheduleType0  # noqa: PLC0415

        id = str(self.id)

        name = self.name

        summary: None | str
        summary = self.summary

        status: str = self.status

        step_count = self.step_count

        language = self.language

        timezone = self.timezone

        activated_at: None | str
        if isinstance(self.activated_at, datetime.datetime):
            activated_at = self.activated_at.isoformat()
        else:
            activated_at = self.activated_at

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        steps = []
        for steps_item_data in self.steps:
            steps_item = steps_item_data.to_dict()
            steps.append(steps_item)

        on_missing_channel: str = self.on_missing_channel

        schedule: dict[str, Any] | None
        if isinstance(self.schedule, SequenceTemplateScheduleType0):
            schedule = self.schedule.to_dict()
        else:
            schedule = self.schedule

        sender_user_id: None | str
        if isinstance(self.sender_user_id, UUID):
            sender_user_id = str(self.sender_user_id)
        else:
            sender_user_id = self.sender_user_id

        requires_lead_review = self.requires_lead_review

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "summary": summary,
                "status": status,
                "step_count": step_count,
                "language": language,
                "timezone": timezone,
                "activated_at": activated_at,
                "created_at": created_at,
                "updated_at": updated_at,
                "steps": steps,
                "on_missing_channel": on_missing_channel,
                "schedule": schedule,
                "sender_user_id": sender_user_id,
                "requires_lead_review": requires_lead_review,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.sequence_template_schedule_type_0 import SequenceTemplateScheduleType0  # noqa: PLC0415
        from ..models.sequence_template_step import SequenceTemplateStep  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        def _parse_summary(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        summary = _parse_summary(d.pop("summary"))

        status = check_sequence_template_status(d.pop("status"))

        step_count = d.pop("step_count")

        language = d.pop("language")

        timezone = d.pop("timezone")

        def _parse_activated_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                activated_at_type_0 = datetime.datetime.fromisoformat(data)

                return activated_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        activated_at = _parse_activated_at(d.pop("activated_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        steps = []
        _steps = d.pop("steps")
        for steps_item_data in _steps:
            steps_item = SequenceTemplateStep.from_dict(steps_item_data)

            steps.append(steps_item)

        on_missing_channel = check_sequence_template_on_missing_channel(d.pop("on_missing_channel"))

        def _parse_schedule(data: object) -> None | SequenceTemplateScheduleType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_sequence_template_schedule_type_0 = SequenceTemplateScheduleType0.from_dict(data)

                return componentsschemas_sequence_template_schedule_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SequenceTemplateScheduleType0, data)

        schedule = _parse_schedule(d.pop("schedule"))

        def _parse_sender_user_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                sender_user_id_type_0 = UUID(data)

                return sender_user_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        sender_user_id = _parse_sender_user_id(d.pop("sender_user_id"))

        requires_lead_review = d.pop("requires_lead_review")

        sequence_template = cls(
            id=id,
            name=name,
            summary=summary,
            status=status,
            step_count=step_count,
            language=language,
            timezone=timezone,
            activated_at=activated_at,
            created_at=created_at,
            updated_at=updated_at,
            steps=steps,
            on_missing_channel=on_missing_channel,
            schedule=schedule,
            sender_user_id=sender_user_id,
            requires_lead_review=requires_lead_review,
        )

        sequence_template.additional_properties = d
        return sequence_template

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
