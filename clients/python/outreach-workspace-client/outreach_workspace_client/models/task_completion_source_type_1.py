from typing import Literal

TaskCompletionSourceType1 = Literal[
    "EXTERNAL_CRM", "EXTERNAL_REPLY", "PLAYBOOK_RESOLUTION", "SEQUENCE_TRANSITION", "TASK_EXECUTION"
]

TASK_COMPLETION_SOURCE_TYPE_1_VALUES: set[TaskCompletionSourceType1] = {
    "EXTERNAL_CRM",
    "EXTERNAL_REPLY",
    "PLAYBOOK_RESOLUTION",
    "SEQUENCE_TRANSITION",
    "TASK_EXECUTION",
}


def check_task_completion_source_type_1(value: str) -> TaskCompletionSourceType1:
    if value in TASK_COMPLETION_SOURCE_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TASK_COMPLETION_SOURCE_TYPE_1_VALUES!r}")
