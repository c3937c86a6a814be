from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.task_execute_payload import TaskExecutePayload


T = TypeVar("T", bound="TaskExecute")


@_attrs_define
class TaskExecute:
    """
    Attributes:
        payload (TaskExecutePayload): Discriminated by `type`: email_reply {body, subject?} (EMAIL_REPLY),
            linkedin_reply {body} (LINKEDIN_REPLY), call {phone?, disposition?} (CALL), new_lead_review {approved}
            (NEW_LEAD_REVIEW), playbook_approval {approved} (PLAYBOOK_APPROVAL).
    """

    payload: TaskExecutePayload

    def to_dict(self) -> dict[str, Any]:
        payload = self.payload.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "payload": payload,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.task_execute_payload import TaskExecutePayload  # noqa: PLC0415

        d = dict(src_dict)
        payload = TaskExecutePayload.from_dict(d.pop("payload"))

        task_execute = cls(
            payload=payload,
        )

        return task_execute
