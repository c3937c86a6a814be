from typing import Literal

ActivityChannel = Literal["EMAIL", "LINKEDIN", "MANUAL"]

ACTIVITY_CHANNEL_VALUES: set[ActivityChannel] = {
    "EMAIL",
    "LINKEDIN",
    "MANUAL",
}


def check_activity_channel(value: str) -> ActivityChannel:
    if value in ACTIVITY_CHANNEL_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ACTIVITY_CHANNEL_VALUES!r}")
