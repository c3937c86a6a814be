from typing import Literal

MessageReplyCategoryType3Type1 = Literal["INTERESTED", "NOT_INTERESTED", "OTHER", "OUT_OF_OFFICE", "UNSUBSCRIBE"]

MESSAGE_REPLY_CATEGORY_TYPE_3_TYPE_1_VALUES: set[MessageReplyCategoryType3Type1] = {
    "INTERESTED",
    "NOT_INTERESTED",
    "OTHER",
    "OUT_OF_OFFICE",
    "UNSUBSCRIBE",
}


def check_message_reply_category_type_3_type_1(value: str) -> MessageReplyCategoryType3Type1:
    if value in MESSAGE_REPLY_CATEGORY_TYPE_3_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MESSAGE_REPLY_CATEGORY_TYPE_3_TYPE_1_VALUES!r}")
