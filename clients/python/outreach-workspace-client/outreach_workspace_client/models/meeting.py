from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Meeting")


@_attrs_define
class Meeting:
    """
    Attributes:
        id (UUID):
        contact_id (UUID):
        sequence_id (None | UUID):
        title (str):
        start_time (datetime.datetime):
        end_time (datetime.datetime):
        timezone (str):
        created_at (datetime.datetime):
    """

    id: UUID
    contact_id: UUID
    sequence_id: None | UUID
    title: str
    start_time: datetime.datetime
    end_time: datetime.datetime
    timezone: str
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        contact_id = str(self.contact_id)

        sequence_id: None | str
        if isinstance(self.sequence_id, UUID):
            sequence_id = str(self.sequence_id)
        else:
            sequence_id = self.sequence_id

        title = self.title

        start_time = self.start_time.isoformat()

        end_time = self.end_time.isoformat()

        timezone = self.timezone

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "contact_id": contact_id,
                "sequence_id": sequence_id,
                "title": title,
                "start_time": start_time,
                "end_time": end_time,
                "timezone": timezone,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        contact_id = UUID(d.pop("contact_id"))

        def _parse_sequence_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                sequence_id_type_0 = UUID(data)

                return sequence_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        sequence_id = _parse_sequence_id(d.pop("sequence_id"))

        title = d.pop("title")

        start_time = datetime.datetime.fromisoformat(d.pop("start_time"))

        end_time = datetime.datetime.fromisoformat(d.pop("end_time"))

        timezone = d.pop("timezone")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        meeting = cls(
            id=id,
            contact_id=contact_id,
            sequence_id=sequence_id,
            title=title,
            start_time=start_time,
            end_time=end_time,
            timezone=timezone,
            created_at=created_at,
        )

        meeting.additional_properties = d
        return meeting

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
