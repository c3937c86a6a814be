from typing import Literal

TaskUpdatePriority = Literal["EXTRA", "HOT", "TODAY"]

TASK_UPDATE_PRIORITY_VALUES: set[TaskUpdatePriority] = {
    "EXTRA",
    "HOT",
    "TODAY",
}


def check_task_update_priority(value: str) -> TaskUpdatePriority:
    if value in TASK_UPDATE_PRIORITY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TASK_UPDATE_PRIORITY_VALUES!r}")
