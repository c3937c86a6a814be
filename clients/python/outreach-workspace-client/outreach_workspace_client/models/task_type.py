from typing import Literal

TaskType = Literal["CALL", "EMAIL_REPLY", "LINKEDIN_REPLY", "NEW_LEAD_REVIEW", "PLAYBOOK_APPROVAL", "TODO"]

TASK_TYPE_VALUES: set[TaskType] = {
    "CALL",
    "EMAIL_REPLY",
    "LINKEDIN_REPLY",
    "NEW_LEAD_REVIEW",
    "PLAYBOOK_APPROVAL",
    "TODO",
}


def check_task_type(value: str) -> TaskType:
    if value in TASK_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TASK_TYPE_VALUES!r}")
