from typing import Literal

UserMailboxStatus = Literal["AUTH_FAILED", "CONNECTED", "DISCONNECTED", "ERROR"]

USER_MAILBOX_STATUS_VALUES: set[UserMailboxStatus] = {
    "AUTH_FAILED",
    "CONNECTED",
    "DISCONNECTED",
    "ERROR",
}


def check_user_mailbox_status(value: str) -> UserMailboxStatus:
    if value in USER_MAILBOX_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {USER_MAILBOX_STATUS_VALUES!r}")
