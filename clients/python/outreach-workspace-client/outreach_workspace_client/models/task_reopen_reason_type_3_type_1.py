from typing import Literal

TaskReopenReasonType3Type1 = Literal["REMINDER_RULE"]

TASK_REOPEN_REASON_TYPE_3_TYPE_1_VALUES: set[TaskReopenReasonType3Type1] = {
    "REMINDER_RULE",
}


def check_task_reopen_reason_type_3_type_1(value: str) -> TaskReopenReasonType3Type1:
    if value in TASK_REOPEN_REASON_TYPE_3_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TASK_REOPEN_REASON_TYPE_3_TYPE_1_VALUES!r}")
