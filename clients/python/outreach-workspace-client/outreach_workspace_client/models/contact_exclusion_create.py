from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.exclusion_reason import ExclusionReason, check_exclusion_reason
from ..types import UNSET, Unset

T = TypeVar("T", bound="ContactExclusionCreate")


@_attrs_define
class ContactExclusionCreate:
    """At least one of email or linkedin_url (neither: 422 ValidationIssue naming both). A person already excluded by email
    or LinkedIn URL: 409 CommitIssue with `data.existing_exclusion_id`.

        Attributes:
            reason (ExclusionReason): Why the person or company is excluded.
            email (None | str | Unset): Matched case-insensitively; stored normalised.
            linkedin_url (None | str | Unset): Any usual form of https://www.linkedin.com/in/<slug>; stored canonical.
            message (None | str | Unset): Free-form operator note, up to 2000 characters.
            until (datetime.datetime | None | Unset): When the exclusion lifts (an RFC 3339 date-time with a time zone);
                null or omitted: permanent. A past value is accepted and simply not in force.
    """

    reason: ExclusionReason
    email: None | str | Unset = UNSET
    linkedin_url: None | str | Unset = UNSET
    message: None | str | Unset = UNSET
    until: datetime.datetime | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        reason: str = self.reason

        email: None | str | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        else:
            email = self.email

        linkedin_url: None | str | Unset
        if isinstance(self.linkedin_url, Unset):
            linkedin_url = UNSET
        else:
            linkedin_url = self.linkedin_url

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
                "reason": reason,
            }
        )
        if email is not UNSET:
            field_dict["email"] = email
        if linkedin_url is not UNSET:
            field_dict["linkedin_url"] = linkedin_url
        if message is not UNSET:
            field_dict["message"] = message
        if until is not UNSET:
            field_dict["until"] = until

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reason = check_exclusion_reason(d.pop("reason"))

        def _parse_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email = _parse_email(d.pop("email", UNSET))

        def _parse_linkedin_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        linkedin_url = _parse_linkedin_url(d.pop("linkedin_url", UNSET))

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

        contact_exclusion_create = cls(
            reason=reason,
            email=email,
            linkedin_url=linkedin_url,
            message=message,
            until=until,
        )

        return contact_exclusion_create
