from typing import Literal

TaskCompletionSource = Literal[
    "EXTERNAL_CRM", "EXTERNAL_REPLY", "PLAYBOOK_RESOLUTION", "SEQUENCE_TRANSITION", "TASK_EXECUTION"
]

TASK_COMPLETION_SOURCE_VALUES: set[TaskCompletionSource] = {
    "EXTERNAL_CRM",
    "EXTERNAL_REPLY",
    "PLAYBOOK_RESOLUTION",
    "SEQUENCE_TRANSITION",
    "TASK_EXECUTION",
}


def check_task_completion_source(value: str) -> TaskCompletionSource:
    if value in TASK_COMPLETION_SOURCE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TASK_COMPLETION_SOURCE_VALUES!r}")
