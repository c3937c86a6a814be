from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SequencePause")


@_attrs_define
class SequencePause:
    """
    Attributes:
        paused_until (datetime.datetime | None | Unset):
    """

    paused_until: datetime.datetime | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        paused_until: None | str | Unset
        if isinstance(self.paused_until, Unset):
            paused_until = UNSET
        elif isinstance(self.paused_until, datetime.datetime):
            paused_until = self.paused_until.isoformat()
        else:
            paused_until = self.paused_until

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if paused_until is not UNSET:
            field_dict["paused_until"] = paused_until

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_paused_until(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                paused_until_type_0 = datetime.datetime.fromisoformat(data)

                return paused_until_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        paused_until = _parse_paused_until(d.pop("paused_until", UNSET))

        sequence_pause = cls(
            paused_until=paused_until,
        )

        return sequence_pause
