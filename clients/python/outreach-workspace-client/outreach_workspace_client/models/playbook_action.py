from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.playbook_action_priority import PlaybookActionPriority, check_playbook_action_priority
from ..models.playbook_action_type import PlaybookActionType, check_playbook_action_type
from ..types import UNSET, Unset

T = TypeVar("T", bound="PlaybookAction")


@_attrs_define
class PlaybookAction:
    """ENROLL_IN_SEQUENCE {type, sequence_template_id} or CREATE_TASK {type, title, priority, due_in_days} (defaults filled
    in).

        Attributes:
            type_ (PlaybookActionType):
            sequence_template_id (UUID | Unset):
            title (str | Unset):
            priority (PlaybookActionPriority | Unset):
            due_in_days (int | Unset):
    """

    type_: PlaybookActionType
    sequence_template_id: UUID | Unset = UNSET
    title: str | Unset = UNSET
    priority: PlaybookActionPriority | Unset = UNSET
    due_in_days: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

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
        field_dict.update(self.additional_properties)
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
        type_ = check_playbook_action_type(d.pop("type"))

        _sequence_template_id = d.pop("sequence_template_id", UNSET)
        sequence_template_id: UUID | Unset
        if isinstance(_sequence_template_id, Unset):
            sequence_template_id = UNSET
        else:
            sequence_template_id = UUID(_sequence_template_id)

        title = d.pop("title", UNSET)

        _priority = d.pop("priority", UNSET)
        priority: PlaybookActionPriority | Unset
        if isinstance(_priority, Unset):
            priority = UNSET
        else:
            priority = check_playbook_action_priority(_priority)

        due_in_days = d.pop("due_in_days", UNSET)

        playbook_action = cls(
            type_=type_,
            sequence_template_id=sequence_template_id,
            title=title,
            priority=priority,
            due_in_days=due_in_days,
        )

        playbook_action.additional_properties = d
        return playbook_action

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
