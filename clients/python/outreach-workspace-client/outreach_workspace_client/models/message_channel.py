from typing import Literal

MessageChannel = Literal["CALENDAR", "EMAIL", "LINKEDIN", "MANUAL"]

MESSAGE_CHANNEL_VALUES: set[MessageChannel] = {
    "CALENDAR",
    "EMAIL",
    "LINKEDIN",
    "MANUAL",
}


def check_message_channel(value: str) -> MessageChannel:
    if value in MESSAGE_CHANNEL_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MESSAGE_CHANNEL_VALUES!r}")
