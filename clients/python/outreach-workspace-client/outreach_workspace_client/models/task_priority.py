from typing import Literal

TaskPriority = Literal["EXTRA", "HOT", "TODAY"]

TASK_PRIORITY_VALUES: set[TaskPriority] = {
    "EXTRA",
    "HOT",
    "TODAY",
}


def check_task_priority(value: str) -> TaskPriority:
    if value in TASK_PRIORITY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TASK_PRIORITY_VALUES!r}")
