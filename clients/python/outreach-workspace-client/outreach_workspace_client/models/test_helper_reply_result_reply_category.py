from typing import Literal

TestHelperReplyResultReplyCategory = Literal["INTERESTED", "NOT_INTERESTED", "OTHER", "OUT_OF_OFFICE", "UNSUBSCRIBE"]

TEST_HELPER_REPLY_RESULT_REPLY_CATEGORY_VALUES: set[TestHelperReplyResultReplyCategory] = {
    "INTERESTED",
    "NOT_INTERESTED",
    "OTHER",
    "OUT_OF_OFFICE",
    "UNSUBSCRIBE",
}


def check_test_helper_reply_result_reply_category(value: str) -> TestHelperReplyResultReplyCategory:
    if value in TEST_HELPER_REPLY_RESULT_REPLY_CATEGORY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TEST_HELPER_REPLY_RESULT_REPLY_CATEGORY_VALUES!r}")
