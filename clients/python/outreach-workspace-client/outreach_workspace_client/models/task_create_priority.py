from typing import Literal

TaskCreatePriority = Literal["EXTRA", "HOT", "TODAY"]

TASK_CREATE_PRIORITY_VALUES: set[TaskCreatePriority] = {
    "EXTRA",
    "HOT",
    "TODAY",
}


def check_task_create_priority(value: str) -> TaskCreatePriority:
    if value in TASK_CREATE_PRIORITY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TASK_CREATE_PRIORITY_VALUES!r}")
