from typing import Literal

MessageReplyCategory = Literal["INTERESTED", "NOT_INTERESTED", "OTHER", "OUT_OF_OFFICE", "UNSUBSCRIBE"]

MESSAGE_REPLY_CATEGORY_VALUES: set[MessageReplyCategory] = {
    "INTERESTED",
    "NOT_INTERESTED",
    "OTHER",
    "OUT_OF_OFFICE",
    "UNSUBSCRIBE",
}


def check_message_reply_category(value: str) -> MessageReplyCategory:
    if value in MESSAGE_REPLY_CATEGORY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MESSAGE_REPLY_CATEGORY_VALUES!r}")
