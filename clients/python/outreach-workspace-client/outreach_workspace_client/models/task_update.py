from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.task_update_priority import TaskUpdatePriority, check_task_update_priority
from ..types import UNSET, Unset

T = TypeVar("T", bound="TaskUpdate")


@_attrs_define
class TaskUpdate:
    """
    Attributes:
        title (str | Unset): 1 to 200 characters, not blank.
        due_date (datetime.date | Unset): ISO date, YYYY-MM-DD.
        notes (None | str | Unset):
        assignee_user_id (None | Unset | UUID):
        priority (TaskUpdatePriority | Unset): Default TODAY.
    """

    title: str | Unset = UNSET
    due_date: datetime.date | Unset = UNSET
    notes: None | str | Unset = UNSET
    assignee_user_id: None | Unset | UUID = UNSET
    priority: TaskUpdatePriority | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        title = self.title

        due_date: str | Unset = UNSET
        if not isinstance(self.due_date, Unset):
            due_date = self.due_date.isoformat()

        notes: None | str | Unset
        if isinstance(self.notes, Unset):
            notes = UNSET
        else:
            notes = self.notes

        assignee_user_id: None | str | Unset
        if isinstance(self.assignee_user_id, Unset):
            assignee_user_id = UNSET
        elif isinstance(self.assignee_user_id, UUID):
            assignee_user_id = str(self.assignee_user_id)
        else:
            assignee_user_id = self.assignee_user_id

        priority: str | Unset = UNSET
        if not isinstance(self.priority, Unset):
            priority = self.priority

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if title is not UNSET:
            field_dict["title"] = title
        if due_date is not UNSET:
            field_dict["due_date"] = due_date
        if notes is not UNSET:
            field_dict["notes"] = notes
        if assignee_user_id is not UNSET:
            field_dict["assignee_user_id"] = assignee_user_id
        if priority is not UNSET:
            field_dict["priority"] = priority

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        title = d.pop("title", UNSET)

        _due_date = d.pop("due_date", UNSET)
        due_date: datetime.date | Unset
        if isinstance(_due_date, Unset):
            due_date = UNSET
        else:
            due_date = datetime.date.fromisoformat(_due_date)

        def _parse_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        notes = _parse_notes(d.pop("notes", UNSET))

        def _parse_assignee_user_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                assignee_user_id_type_0 = UUID(data)

                return assignee_user_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        assignee_user_id = _parse_assignee_user_id(d.pop("assignee_user_id", UNSET))

        _priority = d.pop("priority", UNSET)
        priority: TaskUpdatePriority | Unset
        if isinstance(_priority, Unset):
            priority = UNSET
        else:
            priority = check_task_update_priority(_priority)

        task_update = cls(
            title=title,
            due_date=due_date,
            notes=notes,
            assignee_user_id=assignee_user_id,
            priority=priority,
        )

        return task_update
