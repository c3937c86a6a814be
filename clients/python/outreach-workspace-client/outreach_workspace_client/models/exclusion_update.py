from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.exclusion_reason import ExclusionReason, check_exclusion_reason
from ..types import UNSET, Unset

T = TypeVar("T", bound="ExclusionUpdate")


@_attrs_define
class ExclusionUpdate:
    """Only the fields sent change. `until: null` makes the exclusion permanent; omitting `until` leaves it unchanged. An
    empty body is 400.

        Attributes:
            reason (ExclusionReason | Unset): Why the person or company is excluded.
            message (None | str | Unset): Free-form operator note, up to 2000 characters.
            until (datetime.datetime | None | Unset): When the exclusion lifts (an RFC 3339 date-time with a time zone);
                null or omitted: permanent. A past value is accepted and simply not in force.
    """

    reason: ExclusionReason | Unset = UNSET
    message: None | str | Unset = UNSET
    until: datetime.datetime | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        reason: str | Unset = UNSET
        if not isinstance(self.reason, Unset):
            reason = self.reason

        message: None | str | Unset
        if isinstance(self.message, Unset):
            message = UNSET
        else:
            message = self.message

        until: None | str | Unset
        if isinstance(self.until, Unset):
            until = UNSET
        elif isinstance(self.until, datetime.datetime):
            until = self.until.isoformat()
        else:
            until = self.until

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if reason is not UNSET:
            field_dict["reason"] = reason
        if message is not UNSET:
            field_dict["message"] = message
        if until is not UNSET:
            field_dict["until"] = until

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _reason = d.pop("reason", UNSET)
        reason: ExclusionReason | Unset
        if isinstance(_reason, Unset):
            reason = UNSET
        else:
            reason = check_exclusion_reason(_reason)

        def _parse_message(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        message = _parse_message(d.pop("message", UNSET))

        def _parse_until(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                until_type_0 = datetime.datetime.fromisoformat(data)

                return until_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        until = _parse_until(d.pop("until", UNSET))

        exclusion_update = cls(
            reason=reason,
            message=message,
            until=until,
        )

        return exclusion_update
