from typing import Literal

MessageDirection = Literal["INBOUND", "OUTBOUND"]

MESSAGE_DIRECTION_VALUES: set[MessageDirection] = {
    "INBOUND",
    "OUTBOUND",
}


def check_message_direction(value: str) -> MessageDirection:
    if value in MESSAGE_DIRECTION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MESSAGE_DIRECTION_VALUES!r}")
