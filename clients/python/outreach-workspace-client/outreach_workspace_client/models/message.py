from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.message_channel import MessageChannel, check_message_channel
from ..models.message_direction import MessageDirection, check_message_direction
from ..models.message_reply_category import MessageReplyCategory, check_message_reply_category

T = TypeVar("T", bound="Message")


@_attrs_define
class Message:
    """
    Attributes:
        id (UUID):
        contact_id (UUID):
        sequence_id (None | UUID):
        channel (MessageChannel):
        direction (MessageDirection): `OUTBOUND` for team messages, `INBOUND` for replies.
        kind (str): `MESSAGE`, or `INVITATION` for a LinkedIn invitation.
        subject (None | str): Email only.
        body (str): As rendered, variables substituted.
        step_number (int | None):
        sent_at (datetime.datetime):
        created_at (datetime.datetime):
        in_reply_to_id (None | UUID): A reply: the message it answers.
        reply_category (MessageReplyCategory | None): INBOUND replies: the classifier's category
            (docs/api/engagement.md); null otherwise.
        open_count (int): Emails: times the tracking pixel was loaded.
        opened_at (datetime.datetime | None): First open.
        click_count (int): Emails: tracked link clicks.
        clicked_at (datetime.datetime | None): First click.
        bounced_at (datetime.datetime | None): When the email bounced.
        accepted_at (datetime.datetime | None): LinkedIn invitations: when the contact accepted.
    """

    id: UUID
    contact_id: UUID
    sequence_id: None | UUID
    channel: MessageChannel
    direction: MessageDirection
    kind: str
    subject: None | str
    body: str
    step_number: int | None
    sent_at: datetime.datetime
    created_at: datetime.datetime
    in_reply_to_id: None | UUID
    reply_category: MessageReplyCategory | None
    open_count: int
    opened_at: datetime.datetime | None
    click_count: int
    clicked_at: datetime.datetime | None
    bounced_at: datetime.datetime | None
    accepted_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        contact_id = str(self.contact_id)

        sequence_id: None | str
        if isinstance(self.sequence_id, UUID):
            sequence_id = str(self.sequence_id)
        else:
            sequence_id = self.sequence_id

        channel: str = self.channel

        direction: str = self.direction

        kind = self.kind

        subject: None | str
        subject = self.subject

        body = self.body

        step_number: int | None
        step_number = self.step_number

        sent_at = self.sent_at.isoformat()

        created_at = self.created_at.isoformat()

        in_reply_to_id: None | str
        if isinstance(self.in_reply_to_id, UUID):
            in_reply_to_id = str(self.in_reply_to_id)
        else:
            in_reply_to_id = self.in_reply_to_id

        reply_category: None | str
        if isinstance(self.reply_category, str):
            reply_category = self.reply_category
        else:
            reply_category = self.reply_category

        open_count = self.open_count

        opened_at: None | str
        if isinstance(self.opened_at, datetime.datetime):
            opened_at = self.opened_at.isoformat()
        else:
            opened_at = self.opened_at

        click_count = self.click_count

        clicked_at: None | str
        if isinstance(self.clicked_at, datetime.datetime):
            clicked_at = self.clicked_at.isoformat()
        else:
            clicked_at = self.clicked_at

        bounced_at: None | str
        if isinstance(self.bounced_at, datetime.datetime):
            bounced_at = self.bounced_at.isoformat()
        else:
            bounced_at = self.bounced_at

        accepted_at: None | str
        if isinstance(self.accepted_at, datetime.datetime):
            accepted_at = self.accepted_at.isoformat()
        else:
            accepted_at = self.accepted_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "contact_id": contact_id,
                "sequence_id": sequence_id,
                "channel": channel,
                "direction": direction,
                "kind": kind,
                "subject": subject,
                "body": body,
                "step_number": step_number,
                "sent_at": sent_at,
                "created_at": created_at,
                "in_reply_to_id": in_reply_to_id,
                "reply_category": reply_category,
                "open_count": open_count,
                "opened_at": opened_at,
                "click_count": click_count,
                "clicked_at": clicked_at,
                "bounced_at": bounced_at,
                "accepted_at": accepted_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        contact_id = UUID(d.pop("contact_id"))

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

        channel = check_message_channel(d.pop("channel"))

        direction = check_message_direction(d.pop("direction"))

        kind = d.pop("kind")

        def _parse_subject(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        subject = _parse_subject(d.pop("subject"))

        body = d.pop("body")

        def _parse_step_number(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        step_number = _parse_step_number(d.pop("step_number"))

        sent_at = datetime.datetime.fromisoformat(d.pop("sent_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_in_reply_to_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                in_reply_to_id_type_0 = UUID(data)

                return in_reply_to_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        in_reply_to_id = _parse_in_reply_to_id(d.pop("in_reply_to_id"))

        def _parse_reply_category(data: object) -> MessageReplyCategory | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                reply_category_type_0 = check_message_reply_category(data)

                return reply_category_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MessageReplyCategory | None, data)

        reply_category = _parse_reply_category(d.pop("reply_category"))

        open_count = d.pop("open_count")

        def _parse_opened_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                opened_at_type_0 = datetime.datetime.fromisoformat(data)

                return opened_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        opened_at = _parse_opened_at(d.pop("opened_at"))

        click_count = d.pop("click_count")

        def _parse_clicked_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                clicked_at_type_0 = datetime.datetime.fromisoformat(data)

                return clicked_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        clicked_at = _parse_clicked_at(d.pop("clicked_at"))

        def _parse_bounced_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                bounced_at_type_0 = datetime.datetime.fromisoformat(data)

                return bounced_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        bounced_at = _parse_bounced_at(d.pop("bounced_at"))

        def _parse_accepted_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                accepted_at_type_0 = datetime.datetime.fromisoformat(data)

                return accepted_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        accepted_at = _parse_accepted_at(d.pop("accepted_at"))

        message = cls(
            id=id,
            contact_id=contact_id,
            sequence_id=sequence_id,
            channel=channel,
            direction=direction,
            kind=kind,
            subject=subject,
            body=body,
            step_number=step_number,
            sent_at=sent_at,
            created_at=created_at,
            in_reply_to_id=in_reply_to_id,
            reply_category=reply_category,
            open_count=open_count,
            opened_at=opened_at,
            click_count=click_count,
            clicked_at=clicked_at,
            bounced_at=bounced_at,
            accepted_at=accepted_at,
        )

        message.additional_properties = d
        return message

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
