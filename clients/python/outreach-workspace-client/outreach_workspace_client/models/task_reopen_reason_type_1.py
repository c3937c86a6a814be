from typing import Literal

TaskReopenReasonType1 = Literal["REMINDER_RULE"]

TASK_REOPEN_REASON_TYPE_1_VALUES: set[TaskReopenReasonType1] = {
    "REMINDER_RULE",
}


def check_task_reopen_reason_type_1(value: str) -> TaskReopenReasonType1:
    if value in TASK_REOPEN_REASON_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TASK_REOPEN_REASON_TYPE_1_VALUES!r}")
