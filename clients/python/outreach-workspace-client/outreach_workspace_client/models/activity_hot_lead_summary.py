from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ActivityHotLeadSummary")


@_attrs_define
class ActivityHotLeadSummary:
    """The hot lead; `id` equals `hot_lead_id`.

    Attributes:
        id (UUID):
        engagement_score (int): The run's engagement score when it became a hot lead.
    """

    id: UUID
    engagement_score: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        engagement_score = self.engagement_score

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "engagementScore": engagement_score,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        engagement_score = d.pop("engagementScore")

        activity_hot_lead_summary = cls(
            id=id,
            engagement_score=engagement_score,
        )

        activity_hot_lead_summary.additional_properties = d
        return activity_hot_lead_summary

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
