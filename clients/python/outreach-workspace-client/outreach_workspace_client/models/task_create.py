from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.task_create_priority import TaskCreatePriority, check_task_create_priority
from ..types import UNSET, Unset

T = TypeVar("T", bound="TaskCreate")


@_attrs_define
class TaskCreate:
    """
    Attributes:
        title (str): 1 to 200 characters, not blank.
        due_date (datetime.date): ISO date, YYYY-MM-DD.
        notes (None | str | Unset):
        contact_id (None | Unset | UUID):
        assignee_user_id (None | Unset | UUID): Default: the API key's user; null: unassigned.
        priority (TaskCreatePriority | Unset): Default TODAY.
    """

    title: str
    due_date: datetime.date
    notes: None | str | Unset = UNSET
    contact_id: None | Unset | UUID = UNSET
    assignee_user_id: None | Unset | UUID = UNSET
    priority: TaskCreatePriority | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        title = self.title

        due_date = self.due_date.isoformat()

        notes: None | str | Unset
        if isinstance(self.notes, Unset):
            notes = UNSET
        else:
            notes = self.notes

        contact_id: None | str | Unset
        if isinstance(self.contact_id, Unset):
            contact_id = UNSET
        elif isinstance(self.contact_id, UUID):
            contact_id = str(self.contact_id)
        else:
            contact_id = self.contact_id

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

        field_dict.update(
            {
                "title": title,
                "due_date": due_date,
            }
        )
        if notes is not UNSET:
            field_dict["notes"] = notes
        if contact_id is not UNSET:
            field_dict["contact_id"] = contact_id
        if assignee_user_id is not UNSET:
            field_dict["assignee_user_id"] = assignee_user_id
        if priority is not UNSET:
            field_dict["priority"] = priority

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        title = d.pop("title")

        due_date = datetime.date.fromisoformat(d.pop("due_date"))

        def _parse_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        notes = _parse_notes(d.pop("notes", UNSET))

        def _parse_contact_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                contact_id_type_0 = UUID(data)

                return contact_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        contact_id = _parse_contact_id(d.pop("contact_id", UNSET))

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
        priority: TaskCreatePriority | Unset
        if isinstance(_priority, Unset):
            priority = UNSET
        else:
            priority = check_task_create_priority(_priority)

        task_create = cls(
            title=title,
            due_date=due_date,
            notes=notes,
            contact_id=contact_id,
            assignee_user_id=assignee_user_id,
            priority=priority,
        )

        return task_create
