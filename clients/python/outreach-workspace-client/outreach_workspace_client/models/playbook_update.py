from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.playbook_update_status import PlaybookUpdateStatus, check_playbook_update_status
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.playbook_action_input import PlaybookActionInput


T = TypeVar("T", bound="PlaybookUpdate")


@_attrs_define
class PlaybookUpdate:
    """
    Attributes:
        name (str | Unset):
        event_name (str | Unset): The ingested event_name that triggers the playbook (exact, case-sensitive).
        action (PlaybookActionInput | Unset): Discriminated by `type`: ENROLL_IN_SEQUENCE {sequence_template_id} enrolls
            the contact (as POST /v1/sequences does); CREATE_TASK {title, priority?, due_in_days?} creates a TODO task for
            the contact. A field of the other type is refused (400).
        requires_approval (bool | Unset): true: each run waits for a person on a PLAYBOOK_APPROVAL task. Default false.
        status (PlaybookUpdateStatus | Unset): ACTIVE (default) runs on new resolutions; PAUSED does not (nothing is
            queued while paused).
    """

    name: str | Unset = UNSET
    event_name: str | Unset = UNSET
    action: PlaybookActionInput | Unset = UNSET
    requires_approval: bool | Unset = UNSET
    status: PlaybookUpdateStatus | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        event_name = self.event_name

        action: dict[str, Any] | Unset = UNSET
        if not isinstance(self.action, Unset):
            action = self.action.to_dict()

        requires_approval = self.requires_approval

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if event_name is not UNSET:
            field_dict["event_name"] = event_name
        if action is not UNSET:
            field_dict["action"] = action
        if requires_approval is not UNSET:
            field_dict["requires_approval"] = requires_approval
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.playbook_action_input import PlaybookActionInput  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name", UNSET)

        event_name = d.pop("event_name", UNSET)

        _action = d.pop("action", UNSET)
        action: PlaybookActionInput | Unset
        if isinstance(_action, Unset):
            action = UNSET
        else:
            action = PlaybookActionInput.from_dict(_action)

        requires_approval = d.pop("requires_approval", UNSET)

        _status = d.pop("status", UNSET)
        status: PlaybookUpdateStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = check_playbook_update_status(_status)

        playbook_update = cls(
            name=name,
            event_name=event_name,
            action=action,
            requires_approval=requires_approval,
            status=status,
        )

        return playbook_update
