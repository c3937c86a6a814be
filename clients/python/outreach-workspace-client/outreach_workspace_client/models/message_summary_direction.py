from typing import Literal

MessageSummaryDirection = Literal["INBOUND", "OUTBOUND"]

MESSAGE_SUMMARY_DIRECTION_VALUES: set[MessageSummaryDirection] = {
    "INBOUND",
    "OUTBOUND",
}


def check_message_summary_direction(value: str) -> MessageSummaryDirection:
    if value in MESSAGE_SUMMARY_DIRECTION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MESSAGE_SUMMARY_DIRECTION_VALUES!r}")
