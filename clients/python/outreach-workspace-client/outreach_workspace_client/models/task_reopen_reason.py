from typing import Literal

TaskReopenReason = Literal["REMINDER_RULE"]

TASK_REOPEN_REASON_VALUES: set[TaskReopenReason] = {
    "REMINDER_RULE",
}


def check_task_reopen_reason(value: str) -> TaskReopenReason:
    if value in TASK_REOPEN_REASON_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TASK_REOPEN_REASON_VALUES!r}")
