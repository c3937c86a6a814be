from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.message import Message
    from ..models.sequence import Sequence
    from ..models.task import Task


T = TypeVar("T", bound="TaskExecuteResult")


@_attrs_define
class TaskExecuteResult:
    """
    Attributes:
        task (Task):
        message (Message | None): Replies: the message sent.
        sequence (None | Sequence): The task's sequence after the execution.
    """

    task: Task
    message: Message | None
    sequence: None | Sequence
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.message import Message  # noqa: PLC0415
        from ..models.sequence import Sequence  # noqa: PLC0415

        task = self.task.to_dict()

        message: dict[str, Any] | None
        if isinstance(self.message, Message):
            message = self.message.to_dict()
        else:
            message = self.message

        sequence: dict[str, Any] | None
        if isinstance(self.sequence, Sequence):
            sequence = self.sequence.to_dict()
        else:
            sequence = self.sequence

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "task": task,
                "message": message,
                "sequence": sequence,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.message import Message  # noqa: PLC0415
        from ..models.sequence import Sequence  # noqa: PLC0415
        from ..models.task import Task  # noqa: PLC0415

        d = dict(src_dict)
        task = Task.from_dict(d.pop("task"))

        def _parse_message(data: object) -> Message | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                message_type_0 = Message.from_dict(data)

                return message_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Message | None, data)

        message = _parse_message(d.pop("message"))

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

        task_execute_result = cls(
            task=task,
            message=message,
            sequence=sequence,
        )

        task_execute_result.additional_properties = d
        return task_execute_result

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
