from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.playbook_action_input_priority import PlaybookActionInputPriority, check_playbook_action_input_priority
from ..models.playbook_action_input_type import PlaybookActionInputType, check_playbook_action_input_type
from ..types import UNSET, Unset

T = TypeVar("T", bound="PlaybookActionInput")


@_attrs_define
class PlaybookActionInput:
    """Discriminated by `type`: ENROLL_IN_SEQUENCE {sequence_template_id} enrolls the contact (as POST /v1/sequences does);
    CREATE_TASK {title, priority?, due_in_days?} creates a TODO task for the contact. A field of the other type is
    refused (400).

        Attributes:
            type_ (PlaybookActionInputType):
            sequence_template_id (UUID | Unset): ENROLL_IN_SEQUENCE: a sequence template of the organization (not archived;
                422 otherwise).
            title (str | Unset): CREATE_TASK: the to-do's title (not blank).
            priority (PlaybookActionInputPriority | Unset): CREATE_TASK: default TODAY.
            due_in_days (int | Unset): CREATE_TASK: the due date is the resolution day plus this (default 0).
    """

    type_: PlaybookActionInputType
    sequence_template_id: UUID | Unset = UNSET
    title: str | Unset = UNSET
    priority: PlaybookActionInputPriority | Unset = UNSET
    due_in_days: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        sequence_template_id: str | Unset = UNSET
        if not isinstance(self.sequence_template_id, Unset):
            sequence_template_id = str(self.sequence_template_id)

        title = self.title

        priority: str | Unset = UNSET
        if not isinstance(self.priority, Unset):
            priority = self.priority

        due_in_days = self.due_in_days

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if sequence_template_id is not UNSET:
            field_dict["sequence_template_id"] = sequence_template_id
        if title is not UNSET:
            field_dict["title"] = title
        if priority is not UNSET:
            field_dict["priority"] = priority
        if due_in_days is not UNSET:
            field_dict["due_in_days"] = due_in_days

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = check_playbook_action_input_type(d.pop("type"))

        _sequence_template_id = d.pop("sequence_template_id", UNSET)
        sequence_template_id: UUID | Unset
        if isinstance(_sequence_template_id, Unset):
            sequence_template_id = UNSET
        else:
            sequence_template_id = UUID(_sequence_template_id)

        title = d.pop("title", UNSET)

        _priority = d.pop("priority", UNSET)
        priority: PlaybookActionInputPriority | Unset
        if isinstance(_priority, Unset):
            priority = UNSET
        else:
            priority = check_playbook_action_input_priority(_priority)

        due_in_days = d.pop("due_in_days", UNSET)

        playbook_action_input = cls(
            type_=type_,
            sequence_template_id=sequence_template_id,
            title=title,
            priority=priority,
            due_in_days=due_in_days,
        )

        return playbook_action_input
