from typing import Literal

ActivityMessageSummaryDirection = Literal["INBOUND", "OUTBOUND"]

ACTIVITY_MESSAGE_SUMMARY_DIRECTION_VALUES: set[ActivityMessageSummaryDirection] = {
    "INBOUND",
    "OUTBOUND",
}


def check_activity_message_summary_direction(value: str) -> ActivityMessageSummaryDirection:
    if value in ACTIVITY_MESSAGE_SUMMARY_DIRECTION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ACTIVITY_MESSAGE_SUMMARY_DIRECTION_VALUES!r}")
