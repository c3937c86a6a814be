from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.exclusion_reason import ExclusionReason, check_exclusion_reason

T = TypeVar("T", bound="AccountExclusion")


@_attrs_define
class AccountExclusion:
    """
    Attributes:
        id (UUID):
        domain (str): Primary domain (an alias sent on create resolves to it).
        reason (ExclusionReason): Why the person or company is excluded.
        message (None | str):
        until (datetime.datetime | None): null: permanent.
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    id: UUID
    domain: str
    reason: ExclusionReason
    message: None | str
    until: datetime.datetime | None
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        domain = self.domain

        reason: str = self.reason

        message: None | str
        message = self.message

        until: None | str
        if isinstance(self.until, datetime.datetime):
            until = self.until.isoformat()
        else:
            until = self.until

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "domain": domain,
                "reason": reason,
                "message": message,
                "until": until,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        domain = d.pop("domain")

        reason = check_exclusion_reason(d.pop("reason"))

        def _parse_message(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        message = _parse_message(d.pop("message"))

        def _parse_until(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                until_type_0 = datetime.datetime.fromisoformat(data)

                return until_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        until = _parse_until(d.pop("until"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        account_exclusion = cls(
            id=id,
            domain=domain,
            reason=reason,
            message=message,
            until=until,
            created_at=created_at,
            updated_at=updated_at,
        )

        account_exclusion.additional_properties = d
        return account_exclusion

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
