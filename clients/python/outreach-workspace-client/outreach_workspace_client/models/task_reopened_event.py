from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.activity_channel import ActivityChannel, check_activity_channel
from ..models.activity_resource_type import ActivityResourceType, check_activity_resource_type
from ..models.task_reopen_reason import TaskReopenReason, check_task_reopen_reason
from ..models.task_status import TaskStatus, check_task_status

if TYPE_CHECKING:
    from ..models.contact_summary import ContactSummary
    from ..models.sequence_template_summary import SequenceTemplateSummary
    from ..models.task import Task


T = TypeVar("T", bound="TaskReopenedEvent")


@_attrs_define
class TaskReopenedEvent:
    """A completed or skipped task was reopened (`reopen_reason` null), or a snoozed task came back (REMINDER_RULE).
    `resource_type` TASK, `channel` MANUAL; `status` is the task's status after the change.

        Attributes:
            organization_id (UUID):
            contact_id (None | UUID): Null only for a to-do without a contact.
            sequence_id (None | UUID):
            sequence_template_id (None | UUID):
            resource_type (ActivityResourceType): What the event is about.
            channel (ActivityChannel | None):
            message_id (None | UUID):
            hot_lead_id (None | UUID):
            calendar_event_id (None | UUID):
            task_id (None | UUID):
            contact (ContactSummary | None):
            sequence_template (None | SequenceTemplateSummary):
            activity_id (UUID): The activity of the stream that records this event (GET /v1/activities/{activity_id}).
            created_at (datetime.datetime): When the event was recorded (the activity's created_at).
            type_ (Literal['task.reopened']):
            task (Task):
            status (TaskStatus):
            reopen_reason (None | TaskReopenReason): REMINDER_RULE: the task came back from a snooze.
    """

    organization_id: UUID
    contact_id: None | UUID
    sequence_id: None | UUID
    sequence_template_id: None | UUID
    resource_type: ActivityResourceType
    channel: ActivityChannel | None
    message_id: None | UUID
    hot_lead_id: None | UUID
    calendar_event_id: None | UUID
    task_id: None | UUID
    contact: ContactSummary | None
    sequence_template: None | SequenceTemplateSummary
    activity_id: UUID
    created_at: datetime.datetime
    type_: Literal["task.reopened"]
    task: Task
    status: TaskStatus
    reopen_reason: None | TaskReopenReason
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.contact_summary import ContactSummary  # noqa: PLC0415
        from ..models.sequence_template_summary import SequenceTemplateSummary  # noqa: PLC0415

        organization_id = str(self.organization_id)

        contact_id: None | str
        if isinstance(self.contact_id, UUID):
            contact_id = str(self.contact_id)
        else:
            contact_id = self.contact_id

        sequence_id: None | str
        if isinstance(self.sequence_id, UUID):
            sequence_id = str(self.sequence_id)
        else:
            sequence_id = self.sequence_id

        sequence_template_id: None | str
        if isinstance(self.sequence_template_id, UUID):
            sequence_template_id = str(self.sequence_template_id)
        else:
            sequence_template_id = self.sequence_template_id

        resource_type: str = self.resource_type

        channel: None | str
        if isinstance(self.channel, str):
            channel = self.channel
        else:
            channel = self.channel

        message_id: None | str
        if isinstance(self.message_id, UUID):
            message_id = str(self.message_id)
        else:
            message_id = self.message_id

        hot_lead_id: None | str
        if isinstance(self.hot_lead_id, UUID):
            hot_lead_id = str(self.hot_lead_id)
        else:
            hot_lead_id = self.hot_lead_id

        calendar_event_id: None | str
        if isinstance(self.calendar_event_id, UUID):
            calendar_event_id = str(self.calendar_event_id)
        else:
            calendar_event_id = self.calendar_event_id

        task_id: None | str
        if isinstance(self.task_id, UUID):
            task_id = str(self.task_id)
        else:
            task_id = self.task_id

        contact: dict[str, Any] | None
        if isinstance(self.contact, ContactSummary):
            contact = self.contact.to_dict()
        else:
            contact = self.contact

        sequence_template: dict[str, Any] | None
        if isinstance(self.sequence_template, SequenceTemplateSummary):
            sequence_template = self.sequence_template.to_dict()
        else:
            sequence_template = self.sequence_template

        activity_id = str(self.activity_id)

        created_at = self.created_at.isoformat()

        type_ = self.type_

        task = self.task.to_dict()

        status: str = self.status

        reopen_reason: None | str
        if isinstance(self.reopen_reason, str):
            reopen_reason = self.reopen_reason
        else:
            reopen_reason = self.reopen_reason

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "organization_id": organization_id,
                "contact_id": contact_id,
                "sequence_id": sequence_id,
                "sequence_template_id": sequence_template_id,
                "resource_type": resource_type,
                "channel": channel,
                "message_id": message_id,
                "hot_lead_id": hot_lead_id,
                "calendar_event_id": calendar_event_id,
                "task_id": task_id,
                "contact": contact,
                "sequence_template": sequence_template,
                "activity_id": activity_id,
                "created_at": created_at,
                "type": type_,
                "task": task,
                "status": status,
                "reopen_reason": reopen_reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.contact_summary import ContactSummary  # noqa: PLC0415
        from ..models.sequence_template_summary import SequenceTemplateSummary  # noqa: PLC0415
        from ..models.task import Task  # noqa: PLC0415

        d = dict(src_dict)
        organization_id = UUID(d.pop("organization_id"))

        def _parse_contact_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                contact_id_type_0 = UUID(data)

                return contact_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        contact_id = _parse_contact_id(d.pop("contact_id"))

        def _parse_sequence_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                sequence_id_type_0 = UUID(data)

                return sequence_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        sequence_id = _parse_sequence_id(d.pop("sequence_id"))

        def _parse_sequence_template_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                sequence_template_id_type_0 = UUID(data)

                return sequence_template_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        sequence_template_id = _parse_sequence_template_id(d.pop("sequence_template_id"))

        resource_type = check_activity_resource_type(d.pop("resource_type"))

        def _parse_channel(data: object) -> ActivityChannel | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                channel_type_0 = check_activity_channel(data)

                return channel_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ActivityChannel | None, data)

        channel = _parse_channel(d.pop("channel"))

        def _parse_message_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                message_id_type_0 = UUID(data)

                return message_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        message_id = _parse_message_id(d.pop("message_id"))

        def _parse_hot_lead_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                hot_lead_id_type_0 = UUID(data)

                return hot_lead_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        hot_lead_id = _parse_hot_lead_id(d.pop("hot_lead_id"))

        def _parse_calendar_event_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                calendar_event_id_type_0 = UUID(data)

                return calendar_event_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        calendar_event_id = _parse_calendar_event_id(d.pop("calendar_event_id"))

        def _parse_task_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                task_id_type_0 = UUID(data)

                return task_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        task_id = _parse_task_id(d.pop("task_id"))

        def _parse_contact(data: object) -> ContactSummary | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                contact_type_0 = ContactSummary.from_dict(data)

                return contact_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ContactSummary | None, data)

        contact = _parse_contact(d.pop("contact"))

        def _parse_sequence_template(data: object) -> None | SequenceTemplateSummary:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                sequence_template_type_0 = SequenceTemplateSummary.from_dict(data)

                return sequence_template_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SequenceTemplateSummary, data)

        sequence_template = _parse_sequence_template(d.pop("sequence_template"))

        activity_id = UUID(d.pop("activity_id"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        type_ = cast(Literal["task.reopened"], d.pop("type"))
        if type_ != "task.reopened":
            raise ValueError(f"type must match const 'task.reopened', got '{type_}'")

        task = Task.from_dict(d.pop("task"))

        status = check_task_status(d.pop("status"))

        def _parse_reopen_reason(data: object) -> None | TaskReopenReason:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                reopen_reason_type_0 = check_task_reopen_reason(data)

                return reopen_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TaskReopenReason, data)

        reopen_reason = _parse_reopen_reason(d.pop("reopen_reason"))

        task_reopened_event = cls(
            organization_id=organization_id,
            contact_id=contact_id,
            sequence_id=sequence_id,
            sequence_template_id=sequence_template_id,
            resource_type=resource_type,
            channel=channel,
            message_id=message_id,
            hot_lead_id=hot_lead_id,
            calendar_event_id=calendar_event_id,
            task_id=task_id,
            contact=contact,
            sequence_template=sequence_template,
            activity_id=activity_id,
            created_at=created_at,
            type_=type_,
            task=task,
            status=status,
            reopen_reason=reopen_reason,
        )

        task_reopened_event.additional_properties = d
        return task_reopened_event

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
