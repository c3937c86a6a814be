from typing import Literal

MessageSummaryChannel = Literal["CALENDAR", "EMAIL", "LINKEDIN", "MANUAL"]

MESSAGE_SUMMARY_CHANNEL_VALUES: set[MessageSummaryChannel] = {
    "CALENDAR",
    "EMAIL",
    "LINKEDIN",
    "MANUAL",
}


def check_message_summary_channel(value: str) -> MessageSummaryChannel:
    if value in MESSAGE_SUMMARY_CHANNEL_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MESSAGE_SUMMARY_CHANNEL_VALUES!r}")
