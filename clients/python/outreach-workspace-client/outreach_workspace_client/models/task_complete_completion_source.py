from typing import Literal

TaskCompleteCompletionSource = Literal[
    "EXTERNAL_CRM", "EXTERNAL_REPLY", "PLAYBOOK_RESOLUTION", "SEQUENCE_TRANSITION", "TASK_EXECUTION"
]

TASK_COMPLETE_COMPLETION_SOURCE_VALUES: set[TaskCompleteCompletionSource] = {
    "EXTERNAL_CRM",
    "EXTERNAL_REPLY",
    "PLAYBOOK_RESOLUTION",
    "SEQUENCE_TRANSITION",
    "TASK_EXECUTION",
}


def check_task_complete_completion_source(value: str) -> TaskCompleteCompletionSource:
    if value in TASK_COMPLETE_COMPLETION_SOURCE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TASK_COMPLETE_COMPLETION_SOURCE_VALUES!r}")
