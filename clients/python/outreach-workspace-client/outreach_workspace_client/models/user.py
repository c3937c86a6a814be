from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.user_role import UserRole, check_user_role

if TYPE_CHECKING:
    from ..models.user_mailbox import UserMailbox


T = TypeVar("T", bound="User")


@_attrs_define
class User:
    """
    Attributes:
        id (UUID):
        email (str):
        name (str):
        role (UserRole):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        mailbox (None | UserMailbox): The user's connected mailbox (added field); null when none was ever connected.
    """

    id: UUID
    email: str
    name: str
    role: UserRole
    created_at: datetime.datetime
    updated_at: datetime.datetime
    mailbox: None | UserMailbox
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.user_mailbox import UserMailbox  # noqa: PLC0415

        id = str(self.id)

        email = self.email

        name = self.name

        role: str = self.role

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        mailbox: dict[str, Any] | None
        if isinstance(self.mailbox, UserMailbox):
            mailbox = self.mailbox.to_dict()
        else:
            mailbox = self.mailbox

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "email": email,
                "name": name,
                "role": role,
                "created_at": created_at,
                "updated_at": updated_at,
                "mailbox": mailbox,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.user_mailbox import UserMailbox  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        email = d.pop("email")

        name = d.pop("name")

        role = check_user_role(d.pop("role"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        def _parse_mailbox(data: object) -> None | UserMailbox:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                mailbox_type_0 = UserMailbox.from_dict(data)

                return mailbox_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UserMailbox, data)

        mailbox = _parse_mailbox(d.pop("mailbox"))

        user = cls(
            id=id,
            email=email,
            name=name,
            role=role,
            created_at=created_at,
            updated_at=updated_at,
            mailbox=mailbox,
        )

        user.additional_properties = d
        return user

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
