from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.message_reply_category import MessageReplyCategory, check_message_reply_category

if TYPE_CHECKING:
    from ..models.message import Message
    from ..models.sequence import Sequence


T = TypeVar("T", bound="TestHelperReplyResult")


@_attrs_define
class TestHelperReplyResult:
    """
    Attributes:
        message (Message):
        sequence (None | Sequence):
        reply_category (MessageReplyCategory):
        task_id (None | UUID):
    """

    message: Message
    sequence: None | Sequence
    reply_category: MessageReplyCategory
    task_id: None | UUID
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.sequence import Sequence  # noqa: PLC0415

        message = self.message.to_dict()

        sequence: dict[str, Any] | None
        if isinstance(self.sequence, Sequence):
            sequence = self.sequence.to_dict()
        else:
            sequence = self.sequence

        reply_category: str = self.reply_category

        task_id: None | str
        if isinstance(self.task_id, UUID):
            task_id = str(self.task_id)
        else:
            task_id = self.task_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "message": message,
                "sequence": sequence,
                "reply_category": reply_category,
                "task_id": task_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.message import Message  # noqa: PLC0415
        from ..models.sequence import Sequence  # noqa: PLC0415

        d = dict(src_dict)
        message = Message.from_dict(d.pop("message"))

        def _parse_sequence(data: object) -> None | Sequence:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                sequence_type_0 = Sequence.from_dict(data)

                return sequence_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Sequence, data)

        sequence = _parse_sequence(d.pop("sequence"))

        reply_category = check_message_reply_category(d.pop("reply_category"))

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

        test_helper_reply_result = cls(
            message=message,
            sequence=sequence,
            reply_category=reply_category,
            task_id=task_id,
        )

        test_helper_reply_result.additional_properties = d
        return test_helper_reply_result

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
