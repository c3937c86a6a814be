from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="TestHelperReply")


@_attrs_define
class TestHelperReply:
    """
    Attributes:
        body (str):
        subject (str | Unset): Email only; default `Re: <subject>`.
    """

    body: str
    subject: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        body = self.body

        subject = self.subject

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "body": body,
            }
        )
        if subject is not UNSET:
            field_dict["subject"] = subject

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        body = d.pop("body")

        subject = d.pop("subject", UNSET)

        test_helper_reply = cls(
            body=body,
            subject=subject,
        )

        return test_helper_reply
