from typing import Literal

TaskStatus = Literal["COMPLETED", "IN_PROGRESS", "PENDING", "SKIPPED"]

TASK_STATUS_VALUES: set[TaskStatus] = {
    "COMPLETED",
    "IN_PROGRESS",
    "PENDING",
    "SKIPPED",
}


def check_task_status(value: str) -> TaskStatus:
    if value in TASK_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TASK_STATUS_VALUES!r}")
