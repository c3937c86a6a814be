from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.user_mailbox_status import UserMailboxStatus, check_user_mailbox_status

T = TypeVar("T", bound="UserMailbox")


@_attrs_define
class UserMailbox:
    """The user's connected mailbox, which sends their sequence emails and whose inbox is read for replies, bounces and
    auto-replies. Credentials are never shown.

        Attributes:
            email (str): The From address of the emails the user sends.
            status (UserMailboxStatus): CONNECTED: both logins work and the inbox is read. AUTH_FAILED: a server refused the
                login; the user's emails wait until the mailbox is fixed. ERROR: a server could not be reached or failed; when
                it is the SMTP server or a login check, emails wait the same way (`emails_held` true); when only the inbox
                cannot be read (its IMAP server unreachable, the sync's cursor not moving while mail waits, or no sync reading
                it), `last_error` starts with "IMAP: " and emails still go out (`emails_held` false). DISCONNECTED: removed;
                emails go out through the service's own transport.
            last_synced_at (datetime.datetime | None): When the inbox was last read to the end; null before the first time.
                Long ago while CONNECTED or ERROR: the inbox is not being read.
            last_error (None | str): Why the mailbox is not CONNECTED (what the server said, or why the inbox cannot be
                read: "IMAP: ..."); null when it is.
            emails_held (bool): True when the user's emails wait for this mailbox to be fixed (added field): AUTH_FAILED, or
                ERROR of its SMTP server or logins. False while only its inbox cannot be read.
    """

    email: str
    status: UserMailboxStatus
    last_synced_at: datetime.datetime | None
    last_error: None | str
    emails_held: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        status: str = self.status

        last_synced_at: None | str
        if isinstance(self.last_synced_at, datetime.datetime):
            last_synced_at = self.last_synced_at.isoformat()
        else:
            last_synced_at = self.last_synced_at

        last_error: None | str
        last_error = self.last_error

        emails_held = self.emails_held

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "email": email,
                "status": status,
                "last_synced_at": last_synced_at,
                "last_error": last_error,
                "emails_held": emails_held,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        email = d.pop("email")

        status = check_user_mailbox_status(d.pop("status"))

        def _parse_last_synced_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_synced_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_synced_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_synced_at = _parse_last_synced_at(d.pop("last_synced_at"))

        def _parse_last_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_error = _parse_last_error(d.pop("last_error"))

        emails_held = d.pop("emails_held")

        user_mailbox = cls(
            email=email,
            status=status,
            last_synced_at=last_synced_at,
            last_error=last_error,
            emails_held=emails_held,
        )

        user_mailbox.additional_properties = d
        return user_mailbox

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
