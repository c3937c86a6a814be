from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.sequence_template_update_on_missing_channel import (
    SequenceTemplateUpdateOnMissingChannel,
    check_sequence_template_update_on_missing_channel,
)
from ..models.sequence_template_update_status import SequenceTemplateUpdateStatus, check_sequence_template_update_status
from ..models.sequence_template_update_timezone import (
    SequenceTemplateUpdateTimezone,
    check_sequence_template_update_timezone,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.sequence_template_schedule_type_0 import SequenceTemplateScheduleType0
    from ..models.sequence_template_step_input import SequenceTemplateStepInput


T = TypeVar("T", bound="SequenceTemplateUpdate")


@_attrs_define
class SequenceTemplateUpdate:
    """Fields sent change; omitted ones stay.

    Attributes:
        name (str | Unset):
        summary (None | str | Unset):
        status (SequenceTemplateUpdateStatus | Unset): PENDING_SETUP: a draft. ACTIVE: enrolls and runs (needs at least
            one step). INACTIVE: holds running sequences and refuses enrollments. FINISHING: refuses enrollments while
            running sequences finish. ARCHIVED: ends running sequences as STOPPED_EARLY. Statuses are stored and validated
            now; their effects on running sequences arrive with the sequence workflows.
        language (str | Unset): BCP 47 language tag of the messages; default en.
        timezone (SequenceTemplateUpdateTimezone | Unset): Canonical IANA time zone of the schedule (for example
            Europe/Paris), or UTC (the default). Others: 400.
        steps (list[SequenceTemplateStepInput] | Unset): 0 to 50 steps, run in order. ACTIVE needs at least one (422).
        on_missing_channel (SequenceTemplateUpdateOnMissingChannel | Unset): When a contact lacks a step's channel (no
            email, no LinkedIn URL): STOP the run (default) or SKIP_STEP.
        schedule (None | SequenceTemplateScheduleType0 | Unset): Sending window in the template's timezone: a due step
            waits for the next window. null: a step runs as soon as it is due.
        sender_user_id (UUID | Unset): The user whose mailbox sends; an active user of the organization (422 otherwise).
            Default on create: the key's user.
        requires_lead_review (bool | Unset): Enrollment lands in FOUND with a NEW_LEAD_REVIEW task until approved (with
            the tasks API). Default false.
    """

    name: str | Unset = UNSET
    summary: None | str | Unset = UNSET
    status: SequenceTemplateUpdateStatus | Unset = UNSET
    language: str | Unset = UNSET
    timezone: SequenceTemplateUpdateTimezone | Unset = UNSET
    steps: list[SequenceTemplateStepInput] | Unset = UNSET
    on_missing_channel: SequenceTemplateUpdateOnMissingChannel | Unset = UNSET
    schedule: None | SequenceTemplateScheduleType0 | Unset = UNSET
    sender_user_id: UUID | Unset = UNSET
    requires_lead_review: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.sequence_template_schedule_type_0 import SequenceTemplateScheduleType0  # noqa: PLC0415

        name = self.name

        summary: None | str | Unset
        if isinstance(self.summary, Unset):
            summary = UNSET
        else:
            summary = self.summary

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status

        language = self.language

        timezone: str | Unset = UNSET
        if not isinstance(self.timezone, Unset):
            timezone = self.timezone

        steps: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.steps, Unset):
            steps = []
            for steps_item_data in self.steps:
                steps_item = steps_item_data.to_dict()
                steps.append(steps_item)

        on_missing_channel: str | Unset = UNSET
        if not isinstance(self.on_missing_channel, Unset):
            on_missing_channel = self.on_missing_channel

        schedule: dict[str, Any] | None | Unset
        if isinstance(self.schedule, Unset):
            schedule = UNSET
        elif isinstance(self.schedule, SequenceTemplateScheduleType0):
            schedule = self.schedule.to_dict()
        else:
            schedule = self.schedule

        sender_user_id: str | Unset = UNSET
        if not isinstance(self.sender_user_id, Unset):
            sender_user_id = str(self.sender_user_id)

        requires_lead_review = self.requires_lead_review

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if summary is not UNSET:
            field_dict["summary"] = summary
        if status is not UNSET:
            field_dict["status"] = status
        if language is not UNSET:
            field_dict["language"] = language
        if timezone is not UNSET:
            field_dict["timezone"] = timezone
        if steps is not UNSET:
            field_dict["steps"] = steps
        if on_missing_channel is not UNSET:
            field_dict["on_missing_channel"] = on_missing_channel
        if schedule is not UNSET:
            field_dict["schedule"] = schedule
        if sender_user_id is not UNSET:
            field_dict["sender_user_id"] = sender_user_id
        if requires_lead_review is not UNSET:
            field_dict["requires_lead_review"] = requires_lead_review

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.sequence_template_schedule_type_0 import SequenceTemplateScheduleType0  # noqa: PLC0415
        from ..models.sequence_template_step_input import SequenceTemplateStepInput  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name", UNSET)

        def _parse_summary(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        summary = _parse_summary(d.pop("summary", UNSET))

        _status = d.pop("status", UNSET)
        status: SequenceTemplateUpdateStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = check_sequence_template_update_status(_status)

        language = d.pop("language", UNSET)

        _timezone = d.pop("timezone", UNSET)
        timezone: SequenceTemplateUpdateTimezone | Unset
        if isinstance(_timezone, Unset):
            timezone = UNSET
        else:
            timezone = check_sequence_template_update_timezone(_timezone)

        _steps = d.pop("steps", UNSET)
        steps: list[SequenceTemplateStepInput] | Unset = UNSET
        if _steps is not UNSET:
            steps = []
            for steps_item_data in _steps:
                steps_item = SequenceTemplateStepInput.from_dict(steps_item_data)

                steps.append(steps_item)

        _on_missing_channel = d.pop("on_missing_channel", UNSET)
        on_missing_channel: SequenceTemplateUpdateOnMissingChannel | Unset
        if isinstance(_on_missing_channel, Unset):
            on_missing_channel = UNSET
        else:
            on_missing_channel = check_sequence_template_update_on_missing_channel(_on_missing_channel)

        def _parse_schedule(data: object) -> None | SequenceTemplateScheduleType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_sequence_template_schedule_type_0 = SequenceTemplateScheduleType0.from_dict(data)

                return componentsschemas_sequence_template_schedule_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SequenceTemplateScheduleType0 | Unset, data)

        schedule = _parse_schedule(d.pop("schedule", UNSET))

        _sender_user_id = d.pop("sender_user_id", UNSET)
        sender_user_id: UUID | Unset
        if isinstance(_sender_user_id, Unset):
            sender_user_id = UNSET
        else:
            sender_user_id = UUID(_sender_user_id)

        requires_lead_review = d.pop("requires_lead_review", UNSET)

        sequence_template_update = cls(
            name=name,
            summary=summary,
            status=status,
            language=language,
            timezone=timezone,
            steps=steps,
            on_missing_channel=on_missing_channel,
            schedule=schedule,
            sender_user_id=sender_user_id,
            requires_lead_review=requires_lead_review,
        )

        return sequence_template_update
