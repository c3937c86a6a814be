from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.exclusion_reason import ExclusionReason, check_exclusion_reason
from ..types import UNSET, Unset

T = TypeVar("T", bound="AccountExclusionCreate")


@_attrs_define
class AccountExclusionCreate:
    """A domain already excluded (after normalisation and alias resolution): 409 CommitIssue with
    `data.existing_exclusion_id`.

        Attributes:
            domain (str): Normalised (case, scheme, www., path, trailing dot); an alias resolves to the primary domain.
            reason (ExclusionReason): Why the person or company is excluded.
            message (None | str | Unset): Free-form operator note, up to 2000 characters.
            until (datetime.datetime | None | Unset): When the exclusion lifts (an RFC 3339 date-time with a time zone);
                null or omitted: permanent. A past value is accepted and simply not in force.
    """

    domain: str
    reason: ExclusionReason
    message: None | str | Unset = UNSET
    until: datetime.datetime | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        domain = self.domain

        reason: str = self.reason

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

        field_dict.update(
            {
                "domain": domain,
                "reason": reason,
            }
        )
        if message is not UNSET:
            field_dict["message"] = message
        if until is not UNSET:
            field_dict["until"] = until

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        domain = d.pop("domain")

        reason = check_exclusion_reason(d.pop("reason"))

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

        account_exclusion_create = cls(
            domain=domain,
            reason=reason,
            message=message,
            until=until,
        )

        return account_exclusion_create
