from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.activity_contact_entry_resolved_event import ActivityContactEntryResolvedEvent
    from ..models.activity_contact_exclusion_created_event import ActivityContactExclusionCreatedEvent
    from ..models.activity_event_resolved_event import ActivityEventResolvedEvent
    from ..models.activity_hot_lead_created_event import ActivityHotLeadCreatedEvent
    from ..models.activity_invitation_accepted_event import ActivityInvitationAcceptedEvent
    from ..models.activity_invitation_sent_event import ActivityInvitationSentEvent
    from ..models.activity_meeting_created_event import ActivityMeetingCreatedEvent
    from ..models.activity_message_link_clicked_event import ActivityMessageLinkClickedEvent
    from ..models.activity_message_opened_event import ActivityMessageOpenedEvent
    from ..models.activity_message_replied_event import ActivityMessageRepliedEvent
    from ..models.activity_message_sent_event import ActivityMessageSentEvent
    from ..models.activity_sequence_completed_event import ActivitySequenceCompletedEvent
    from ..models.activity_sequence_created_event import ActivitySequenceCreatedEvent
    from ..models.activity_sequence_paused_event import ActivitySequencePausedEvent
    from ..models.activity_sequence_resumed_event import ActivitySequenceResumedEvent
    from ..models.activity_sequence_stopped_event import ActivitySequenceStoppedEvent
    from ..models.activity_task_completed_event import ActivityTaskCompletedEvent
    from ..models.activity_task_created_event import ActivityTaskCreatedEvent
    from ..models.activity_task_reopened_event import ActivityTaskReopenedEvent
    from ..models.activity_task_skipped_event import ActivityTaskSkippedEvent


T = TypeVar("T", bound="Activity")


@_attrs_define
class Activity:
    """
    Attributes:
        id (UUID):
        created_at (datetime.datetime):
        payload (ActivityContactEntryResolvedEvent | ActivityContactExclusionCreatedEvent | ActivityEventResolvedEvent |
            ActivityHotLeadCreatedEvent | ActivityInvitationAcceptedEvent | ActivityInvitationSentEvent |
            ActivityMeetingCreatedEvent | ActivityMessageLinkClickedEvent | ActivityMessageOpenedEvent |
            ActivityMessageRepliedEvent | ActivityMessageSentEvent | ActivitySequenceCompletedEvent |
            ActivitySequenceCreatedEvent | ActivitySequencePausedEvent | ActivitySequenceResumedEvent |
            ActivitySequenceStoppedEvent | ActivityTaskCompletedEvent | ActivityTaskCreatedEvent | ActivityTaskReopenedEvent
            | ActivityTaskSkippedEvent): The event as its webhook delivery carries it, with every key camelCased at any
            depth (organizationId, sequenceTemplateId, contact.firstName, message.sentAt, ...); values are unchanged.
            Discriminated by `type`: one variant per event type, the camelCase twin of its webhook payload schema
            (`ActivityMessageSentEvent` of `MessageSentEvent`, ...). New types may be added within /v1: ignore the ones you
            do not know.
    """

    id: UUID
    created_at: datetime.datetime
    payload: (
        ActivityContactEntryResolvedEvent
        | ActivityContactExclusionCreatedEvent
        | ActivityEventResolvedEvent
        | ActivityHotLeadCreatedEvent
        | ActivityInvitationAcceptedEvent
        | ActivityInvitationSentEvent
        | ActivityMeetingCreatedEvent
        | ActivityMessageLinkClickedEvent
        | ActivityMessageOpenedEvent
        | ActivityMessageRepliedEvent
        | ActivityMessageSentEvent
        | ActivitySequenceCompletedEvent
        | ActivitySequenceCreatedEvent
        | ActivitySequencePausedEvent
        | ActivitySequenceResumedEvent
        | ActivitySequenceStoppedEvent
        | ActivityTaskCompletedEvent
        | ActivityTaskCreatedEvent
        | ActivityTaskReopenedEvent
        | ActivityTaskSkippedEvent
    )
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.activity_contact_entry_resolved_event import ActivityContactEntryResolvedEvent  # noqa: PLC0415
        from ..models.activity_event_resolved_event import ActivityEventResolvedEvent  # noqa: PLC0415
        from ..models.activity_hot_lead_created_event import ActivityHotLeadCreatedEvent  # noqa: PLC0415
        from ..models.activity_invitation_accepted_event import ActivityInvitationAcceptedEvent  # noqa: PLC0415
        from ..models.activity_invitation_sent_event import ActivityInvitationSentEvent  # noqa: PLC0415
        from ..models.activity_meeting_created_event import ActivityMeetingCreatedEvent  # noqa: PLC0415
        from ..models.activity_message_link_clicked_event import ActivityMessageLinkClickedEvent  # noqa: PLC0415
        from ..models.activity_message_opened_event import ActivityMessageOpenedEvent  # noqa: PLC0415
        from ..models.activity_message_replied_event import ActivityMessageRepliedEvent  # noqa: PLC0415
        from ..models.activity_message_sent_event import ActivityMessageSentEvent  # noqa: PLC0415
        from ..models.activity_sequence_completed_event import ActivitySequenceCompletedEvent  # noqa: PLC0415
        from ..models.activity_sequence_created_event import ActivitySequenceCreatedEvent  # noqa: PLC0415
        from ..models.activity_sequence_paused_event import ActivitySequencePausedEvent  # noqa: PLC0415
        from ..models.activity_sequence_resumed_event import ActivitySequenceResumedEvent  # noqa: PLC0415
        from ..models.activity_sequence_stopped_event import ActivitySequenceStoppedEvent  # noqa: PLC0415
        from ..models.activity_task_completed_event import ActivityTaskCompletedEvent  # noqa: PLC0415
        from ..models.activity_task_created_event import ActivityTaskCreatedEvent  # noqa: PLC0415
        from ..models.activity_task_reopened_event import ActivityTaskReopenedEvent  # noqa: PLC0415
        from ..models.activity_task_skipped_event import ActivityTaskSkippedEvent  # noqa: PLC0415

        id = str(self.id)

        created_at = self.created_at.isoformat()

        payload: dict[str, Any]
        if isinstance(self.payload, ActivityMessageSentEvent):
            payload = self.payload.to_dict()
        elif isinstance(self.payload, ActivityMessageOpenedEvent):
            payload = self.payload.to_dict()
        elif isinstance(self.payload, ActivityMessageLinkClickedEvent):
            payload = self.payload.to_dict()
        elif isinstance(self.payload, ActivityMessageRepliedEvent):
            payload = self.payload.to_dict()
        elif isinstance(self.payload, ActivityInvitationSentEvent):
            payload = self.payload.to_dict()
        elif isinstance(self.payload, ActivityInvitationAcceptedEvent):
            payload = self.payload.to_dict()
        elif isinstance(self.payload, ActivityHotLeadCreatedEvent):
            payload = self.payload.to_dict()
        elif isinstance(self.payload, ActivityMeetingCreatedEvent):
            payload = self.payload.to_dict()
        elif isinstance(self.payload, ActivitySequenceCreatedEvent):
            payload = self.payload.to_dict()
        elif isinstance(self.payload, ActivitySequencePausedEvent):
            payload = self.payload.to_dict()
        elif isinstance(self.payload, ActivitySequenceResumedEvent):
            payload = self.payload.to_dict()
        elif isinstance(self.payload, ActivitySequenceStoppedEvent):
            payload = self.payload.to_dict()
        elif isinstance(self.payload, ActivitySequenceCompletedEvent):
            payload = self.payload.to_dict()
        elif isinstance(self.payload, ActivityTaskCreatedEvent):
            payload = self.payload.to_dict()
        elif isinstance(self.payload, ActivityTaskCompletedEvent):
            payload = self.payload.to_dict()
        elif isinstance(self.payload, ActivityTaskSkippedEvent):
            payload = self.payload.to_dict()
        elif isinstance(self.payload, ActivityTaskReopenedEvent):
            payload = self.payload.to_dict()
        elif isinstance(self.payload, ActivityContactEntryResolvedEvent):
            payload = self.payload.to_dict()
        elif isinstance(self.payload, ActivityEventResolvedEvent):
            payload = self.payload.to_dict()
        else:
            payload = self.payload.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "created_at": created_at,
                "payload": payload,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.activity_contact_entry_resolved_event import ActivityContactEntryResolvedEvent  # noqa: PLC0415
        from ..models.activity_contact_exclusion_created_event import ActivityContactExclusionCreatedEvent  # noqa: PLC0415
        from ..models.activity_event_resolved_event import ActivityEventResolvedEvent  # noqa: PLC0415
        from ..models.activity_hot_lead_created_event import ActivityHotLeadCreatedEvent  # noqa: PLC0415
        from ..models.activity_invitation_accepted_event import ActivityInvitationAcceptedEvent  # noqa: PLC0415
        from ..models.activity_invitation_sent_event import ActivityInvitationSentEvent  # noqa: PLC0415
        from ..models.activity_meeting_created_event import ActivityMeetingCreatedEvent  # noqa: PLC0415
        from ..models.activity_message_link_clicked_event import ActivityMessageLinkClickedEvent  # noqa: PLC0415
        from ..models.activity_message_opened_event import ActivityMessageOpenedEvent  # noqa: PLC0415
        from ..models.activity_message_replied_event import ActivityMessageRepliedEvent  # noqa: PLC0415
        from ..models.activity_message_sent_event import ActivityMessageSentEvent  # noqa: PLC0415
        from ..models.activity_sequence_completed_event import ActivitySequenceCompletedEvent  # noqa: PLC0415
        from ..models.activity_sequence_created_event import ActivitySequenceCreatedEvent  # noqa: PLC0415
        from ..models.activity_sequence_paused_event import ActivitySequencePausedEvent  # noqa: PLC0415
        from ..models.activity_sequence_resumed_event import ActivitySequenceResumedEvent  # noqa: PLC0415
        from ..models.activity_sequence_stopped_event import ActivitySequenceStoppedEvent  # noqa: PLC0415
        from ..models.activity_task_completed_event import ActivityTaskCompletedEvent  # noqa: PLC0415
        from ..models.activity_task_created_event import ActivityTaskCreatedEvent  # noqa: PLC0415
        from ..models.activity_task_reopened_event import ActivityTaskReopenedEvent  # noqa: PLC0415
        from ..models.activity_task_skipped_event import ActivityTaskSkippedEvent  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_payload(
            data: object,
        ) -> (
            ActivityContactEntryResolvedEvent
            | ActivityContactExclusionCreatedEvent
            | ActivityEventResolvedEvent
            | ActivityHotLeadCreatedEvent
            | ActivityInvitationAcceptedEvent
            | ActivityInvitationSentEvent
            | ActivityMeetingCreatedEvent
            | ActivityMessageLinkClickedEvent
            | ActivityMessageOpenedEvent
            | ActivityMessageRepliedEvent
            | ActivityMessageSentEvent
            | ActivitySequenceCompletedEvent
            | ActivitySequenceCreatedEvent
            | ActivitySequencePausedEvent
            | ActivitySequenceResumedEvent
            | ActivitySequenceStoppedEvent
            | ActivityTaskCompletedEvent
            | ActivityTaskCreatedEvent
            | ActivityTaskReopenedEvent
            | ActivityTaskSkippedEvent
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_activity_payload_type_0 = ActivityMessageSentEvent.from_dict(data)

                return componentsschemas_activity_payload_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_activity_payload_type_1 = ActivityMessageOpenedEvent.from_dict(data)

                return componentsschemas_activity_payload_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_activity_payload_type_2 = ActivityMessageLinkClickedEvent.from_dict(data)

                return componentsschemas_activity_payload_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_activity_payload_type_3 = ActivityMessageRepliedEvent.from_dict(data)

                return componentsschemas_activity_payload_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_activity_payload_type_4 = ActivityInvitationSentEvent.from_dict(data)

                return componentsschemas_activity_payload_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_activity_payload_type_5 = ActivityInvitationAcceptedEvent.from_dict(data)

                return componentsschemas_activity_payload_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_activity_payload_type_6 = ActivityHotLeadCreatedEvent.from_dict(data)

                return componentsschemas_activity_payload_type_6
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_activity_payload_type_7 = ActivityMeetingCreatedEvent.from_dict(data)

                return componentsschemas_activity_payload_type_7
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_activity_payload_type_8 = ActivitySequenceCreatedEvent.from_dict(data)

                return componentsschemas_activity_payload_type_8
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_activity_payload_type_9 = ActivitySequencePausedEvent.from_dict(data)

                return componentsschemas_activity_payload_type_9
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_activity_payload_type_10 = ActivitySequenceResumedEvent.from_dict(data)

                return componentsschemas_activity_payload_type_10
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_activity_payload_type_11 = ActivitySequenceStoppedEvent.from_dict(data)

                return componentsschemas_activity_payload_type_11
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_activity_payload_type_12 = ActivitySequenceCompletedEvent.from_dict(data)

                return componentsschemas_activity_payload_type_12
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_activity_payload_type_13 = ActivityTaskCreatedEvent.from_dict(data)

                return componentsschemas_activity_payload_type_13
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_activity_payload_type_14 = ActivityTaskCompletedEvent.from_dict(data)

                return componentsschemas_activity_payload_type_14
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_activity_payload_type_15 = ActivityTaskSkippedEvent.from_dict(data)

                return componentsschemas_activity_payload_type_15
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_activity_payload_type_16 = ActivityTaskReopenedEvent.from_dict(data)

                return componentsschemas_activity_payload_type_16
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_activity_payload_type_17 = ActivityContactEntryResolvedEvent.from_dict(data)

                return componentsschemas_activity_payload_type_17
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_activity_payload_type_18 = ActivityEventResolvedEvent.from_dict(data)

                return componentsschemas_activity_payload_type_18
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_activity_payload_type_19 = ActivityContactExclusionCreatedEvent.from_dict(data)

            return componentsschemas_activity_payload_type_19

        payload = _parse_payload(d.pop("payload"))

        activity = cls(
            id=id,
            created_at=created_at,
            payload=payload,
        )

        activity.additional_properties = d
        return activity

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
