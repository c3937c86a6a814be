from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.contact_qualify_result_verdict import ContactQualifyResultVerdict, check_contact_qualify_result_verdict

T = TypeVar("T", bound="ContactQualifyResult")


@_attrs_define
class ContactQualifyResult:
    """
    Attributes:
        score (int):
        verdict (ContactQualifyResultVerdict):
        reasons (list[str]): One per criterion the ICP sets, in weight order.
    """

    score: int
    verdict: ContactQualifyResultVerdict
    reasons: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        score = self.score

        verdict: str = self.verdict

        reasons = self.reasons

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "score": score,
                "verdict": verdict,
                "reasons": reasons,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        score = d.pop("score")

        verdict = check_contact_qualify_result_verdict(d.pop("verdict"))

        reasons = cast(list[str], d.pop("reasons"))

        contact_qualify_result = cls(
            score=score,
            verdict=verdict,
            reasons=reasons,
        )

        contact_qualify_result.additional_properties = d
        return contact_qualify_result

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
