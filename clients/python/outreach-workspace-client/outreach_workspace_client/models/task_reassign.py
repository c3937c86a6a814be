from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.task_reassign_scope import TaskReassignScope, check_task_reassign_scope
from ..types import UNSET, Unset

T = TypeVar("T", bound="TaskReassign")


@_attrs_define
class TaskReassign:
    """
    Attributes:
        assignee_user_id (UUID):
        scope (TaskReassignScope | Unset): SEQUENCE also reassigns the open and later tasks of the task's sequence.
            Default: 'TASK'.
    """

    assignee_user_id: UUID
    scope: TaskReassignScope | Unset = "TASK"

    def to_dict(self) -> dict[str, Any]:
        assignee_user_id = str(self.assignee_user_id)

        scope: str | Unset = UNSET
        if not isinstance(self.scope, Unset):
            scope = self.scope

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "assignee_user_id": assignee_user_id,
            }
        )
        if scope is not UNSET:
            field_dict["scope"] = scope

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        assignee_user_id = UUID(d.pop("assignee_user_id"))

        _scope = d.pop("scope", UNSET)
        scope: TaskReassignScope | Unset
        if isinstance(_scope, Unset):
            scope = UNSET
        else:
            scope = check_task_reassign_scope(_scope)

        task_reassign = cls(
            assignee_user_id=assignee_user_id,
            scope=scope,
        )

        return task_reassign
