from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ApiKeyIdentity")


@_attrs_define
class ApiKeyIdentity:
    """
    Attributes:
        id (UUID): The key's identifier.
        organization_id (UUID):
        name (str):
        key_prefix (str): Leading characters of the raw key, safe to log.
        scopes (list[str]):
        created_at (datetime.datetime):
        last_used_at (datetime.datetime | None):
        user_id (UUID): The user the key belongs to (added field): default assignee and sender.
        enrichment_credits (int): Enrichment credits the organization has left (added field); enrich calls spend one per
            answer with data.
    """

    id: UUID
    organization_id: UUID
    name: str
    key_prefix: str
    scopes: list[str]
    created_at: datetime.datetime
    last_used_at: datetime.datetime | None
    user_id: UUID
    enrichment_credits: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        organization_id = str(self.organization_id)

        name = self.name

        key_prefix = self.key_prefix

        scopes = self.scopes

        created_at = self.created_at.isoformat()

        last_used_at: None | str
        if isinstance(self.last_used_at, datetime.datetime):
            last_used_at = self.last_used_at.isoformat()
        else:
            last_used_at = self.last_used_at

        user_id = str(self.user_id)

        enrichment_credits = self.enrichment_credits

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "organization_id": organization_id,
                "name": name,
                "key_prefix": key_prefix,
                "scopes": scopes,
                "created_at": created_at,
                "last_used_at": last_used_at,
                "user_id": user_id,
                "enrichment_credits": enrichment_credits,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        organization_id = UUID(d.pop("organization_id"))

        name = d.pop("name")

        key_prefix = d.pop("key_prefix")

        scopes = cast(list[str], d.pop("scopes"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_last_used_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_used_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_used_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_used_at = _parse_last_used_at(d.pop("last_used_at"))

        user_id = UUID(d.pop("user_id"))

        enrichment_credits = d.pop("enrichment_credits")

        api_key_identity = cls(
            id=id,
            organization_id=organization_id,
            name=name,
            key_prefix=key_prefix,
            scopes=scopes,
            created_at=created_at,
            last_used_at=last_used_at,
            user_id=user_id,
            enrichment_credits=enrichment_credits,
        )

        api_key_identity.additional_properties = d
        return api_key_identity

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
