from typing import Literal

TaskReassignScope = Literal["SEQUENCE", "TASK"]

TASK_REASSIGN_SCOPE_VALUES: set[TaskReassignScope] = {
    "SEQUENCE",
    "TASK",
}


def check_task_reassign_scope(value: str) -> TaskReassignScope:
    if value in TASK_REASSIGN_SCOPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TASK_REASSIGN_SCOPE_VALUES!r}")
