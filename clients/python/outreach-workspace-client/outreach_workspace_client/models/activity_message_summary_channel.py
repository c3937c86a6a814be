from typing import Literal

ActivityMessageSummaryChannel = Literal["CALENDAR", "EMAIL", "LINKEDIN", "MANUAL"]

ACTIVITY_MESSAGE_SUMMARY_CHANNEL_VALUES: set[ActivityMessageSummaryChannel] = {
    "CALENDAR",
    "EMAIL",
    "LINKEDIN",
    "MANUAL",
}


def check_activity_message_summary_channel(value: str) -> ActivityMessageSummaryChannel:
    if value in ACTIVITY_MESSAGE_SUMMARY_CHANNEL_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ACTIVITY_MESSAGE_SUMMARY_CHANNEL_VALUES!r}")
