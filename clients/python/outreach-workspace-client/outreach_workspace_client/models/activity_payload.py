from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ActivityPayload")


@_attrs_define
class ActivityPayload:
    """The event as its webhook delivery carries it, with every key camelCased (organizationId, contactId, sequenceId,
    sequenceTemplateId, resourceType, channel, messageId, hotLeadId, calendarEventId, taskId, contact, sequenceTemplate,
    message: {sentAt, stepNumber, ...}); values are unchanged. Discriminated by `type`; unknown types may be added
    within /v1.

        Attributes:
            type_ (str): One of message.sent, message.opened, message.link_clicked, message.replied, invitation.sent,
                invitation.accepted, hot_lead.created, meeting.created, sequence.created, sequence.paused, sequence.resumed,
                sequence.stopped, sequence.completed, task.created, task.completed, task.skipped, task.reopened,
                contact_entry.resolved, event.resolved, contact_exclusion.created (more may be added).
            organization_id (UUID):
    """

    type_: str
    organization_id: UUID
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        organization_id = str(self.organization_id)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "organizationId": organization_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = d.pop("type")

        organization_id = UUID(d.pop("organizationId"))

        activity_payload = cls(
            type_=type_,
            organization_id=organization_id,
        )

        activity_payload.additional_properties = d
        return activity_payload

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
