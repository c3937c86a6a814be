from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.playbook_status import PlaybookStatus, check_playbook_status

if TYPE_CHECKING:
    from ..models.playbook_action import PlaybookAction


T = TypeVar("T", bound="Playbook")


@_attrs_define
class Playbook:
    """
    Attributes:
        id (UUID):
        name (str):
        event_name (str):
        action (PlaybookAction): ENROLL_IN_SEQUENCE {type, sequence_template_id} or CREATE_TASK {type, title, priority,
            due_in_days} (defaults filled in).
        requires_approval (bool):
        status (PlaybookStatus):
        owner_user_id (None | UUID): The API key's user that created it: the assignee of the tasks its runs create.
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    id: UUID
    name: str
    event_name: str
    action: PlaybookAction
    requires_approval: bool
    status: PlaybookStatus
    owner_user_id: None | UUID
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        event_name = self.event_name

        action = self.action.to_dict()

        requires_approval = self.requires_approval

        status: str = self.status

        owner_user_id: None | str
        if isinstance(self.owner_user_id, UUID):
            owner_user_id = str(self.owner_user_id)
        else:
            owner_user_id = self.owner_user_id

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "event_name": event_name,
                "action": action,
                "requires_approval": requires_approval,
                "status": status,
                "owner_user_id": owner_user_id,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.playbook_action import PlaybookAction  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        event_name = d.pop("event_name")

        action = PlaybookAction.from_dict(d.pop("action"))

        requires_approval = d.pop("requires_approval")

        status = check_playbook_status(d.pop("status"))

        def _parse_owner_user_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                owner_user_id_type_0 = UUID(data)

                return owner_user_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        owner_user_id = _parse_owner_user_id(d.pop("owner_user_id"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        playbook = cls(
            id=id,
            name=name,
            event_name=event_name,
            action=action,
            requires_approval=requires_approval,
            status=status,
            owner_user_id=owner_user_id,
            created_at=created_at,
            updated_at=updated_at,
        )

        playbook.additional_properties = d
        return playbook

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
