from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.activity_channel import ActivityChannel, check_activity_channel
from ..models.activity_resource_type import ActivityResourceType, check_activity_resource_type
from ..models.sequence_status import SequenceStatus, check_sequence_status
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.activity_contact_summary import ActivityContactSummary
    from ..models.sequence_template_summary import SequenceTemplateSummary


T = TypeVar("T", bound="ActivitySequencePausedEvent")


@_attrs_define
class ActivitySequencePausedEvent:
    """A running sequence was paused (by the API, or by an out-of-office reply until its return date); `status` is its
    status while paused. `resource_type` SEQUENCE, `channel` null.

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
            contact (ActivityContactSummary | None):
            sequence_template (None | SequenceTemplateSummary):
            activity_id (UUID): The activity of the stream that records this event (GET /v1/activities/{activity_id}).
            created_at (datetime.datetime): When the event was recorded (the activity's created_at).
            type_ (Literal['sequence.paused']):
            status (SequenceStatus):
            paused_until (datetime.datetime | None): When it resumes by itself; null: until resumed.
            reason (Literal['OUT_OF_OFFICE'] | Unset): Present when an out-of-office reply paused it.
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
    contact: ActivityContactSummary | None
    sequence_template: None | SequenceTemplateSummary
    activity_id: UUID
    created_at: datetime.datetime
    type_: Literal["sequence.paused"]
    status: SequenceStatus
    paused_until: datetime.datetime | None
    reason: Literal["OUT_OF_OFFICE"] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.activity_contact_summary import ActivityContactSummary  # noqa: PLC0415
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
        if isinstance(self.contact, ActivityContactSummary):
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

        status: str = self.status

        paused_until: None | str
        if isinstance(self.paused_until, datetime.datetime):
            paused_until = self.paused_until.isoformat()
        else:
            paused_until = self.paused_until

        reason = self.reason

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "organizationId": organization_id,
                "contactId": contact_id,
                "sequenceId": sequence_id,
                "sequenceTemplateId": sequence_template_id,
                "resourceType": resource_type,
                "channel": channel,
                "messageId": message_id,
                "hotLeadId": hot_lead_id,
                "calendarEventId": calendar_event_id,
                "taskId": task_id,
                "contact": contact,
                "sequenceTemplate": sequence_template,
                "activityId": activity_id,
                "createdAt": created_at,
                "type": type_,
                "status": status,
                "pausedUntil": paused_until,
            }
        )
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.activity_contact_summary import ActivityContactSummary  # noqa: PLC0415
        from ..models.sequence_template_summary import SequenceTemplateSummary  # noqa: PLC0415

        d = dict(src_dict)
        organization_id = UUID(d.pop("organizationId"))

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

        contact_id = _parse_contact_id(d.pop("contactId"))

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

        sequence_id = _parse_sequence_id(d.pop("sequenceId"))

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

        sequence_template_id = _parse_sequence_template_id(d.pop("sequenceTemplateId"))

        resource_type = check_activity_resource_type(d.pop("resourceType"))

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

        message_id = _parse_message_id(d.pop("messageId"))

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

        hot_lead_id = _parse_hot_lead_id(d.pop("hotLeadId"))

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

        calendar_event_id = _parse_calendar_event_id(d.pop("calendarEventId"))

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

        task_id = _parse_task_id(d.pop("taskId"))

        def _parse_contact(data: object) -> ActivityContactSummary | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                contact_type_0 = ActivityContactSummary.from_dict(data)

                return contact_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ActivityContactSummary | None, data)

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

        sequence_template = _parse_sequence_template(d.pop("sequenceTemplate"))

        activity_id = UUID(d.pop("activityId"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        type_ = cast(Literal["sequence.paused"], d.pop("type"))
        if type_ != "sequence.paused":
            raise ValueError(f"type must match const 'sequence.paused', got '{type_}'")

        status = check_sequence_status(d.pop("status"))

        def _parse_paused_until(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                paused_until_type_0 = datetime.datetime.fromisoformat(data)

                return paused_until_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        paused_until = _parse_paused_until(d.pop("pausedUntil"))

        reason = cast(Literal["OUT_OF_OFFICE"] | Unset, d.pop("reason", UNSET))
        if reason != "OUT_OF_OFFICE" and not isinstance(reason, Unset):
            raise ValueError(f"reason must match const 'OUT_OF_OFFICE', got '{reason}'")

        activity_sequence_paused_event = cls(
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
            status=status,
            paused_until=paused_until,
            reason=reason,
        )

        activity_sequence_paused_event.additional_properties = d
        return activity_sequence_paused_event

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
