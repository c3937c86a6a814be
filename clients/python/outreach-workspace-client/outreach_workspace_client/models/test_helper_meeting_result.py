from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.meeting import Meeting


T = TypeVar("T", bound="TestHelperMeetingResult")


@_attrs_define
class TestHelperMeetingResult:
    """
    Attributes:
        meeting (Meeting):
        stopped_sequence_ids (list[UUID]):
    """

    meeting: Meeting
    stopped_sequence_ids: list[UUID]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        meeting = self.meeting.to_dict()

        stopped_sequence_ids = []
        for stopped_sequence_ids_item_data in self.stopped_sequence_ids:
            stopped_sequence_ids_item = str(stopped_sequence_ids_item_data)
            stopped_sequence_ids.append(stopped_sequence_ids_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "meeting": meeting,
                "stopped_sequence_ids": stopped_sequence_ids,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.meeting import Meeting  # noqa: PLC0415

        d = dict(src_dict)
        meeting = Meeting.from_dict(d.pop("meeting"))

        stopped_sequence_ids = []
        _stopped_sequence_ids = d.pop("stopped_sequence_ids")
        for stopped_sequence_ids_item_data in _stopped_sequence_ids:
            stopped_sequence_ids_item = UUID(stopped_sequence_ids_item_data)

            stopped_sequence_ids.append(stopped_sequence_ids_item)

        test_helper_meeting_result = cls(
            meeting=meeting,
            stopped_sequence_ids=stopped_sequence_ids,
        )

        test_helper_meeting_result.additional_properties = d
        return test_helper_meeting_result

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
