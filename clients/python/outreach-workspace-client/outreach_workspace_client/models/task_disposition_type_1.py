from typing import Literal

TaskDispositionType1 = Literal[
    "ANSWERED", "INTERESTED", "NO_ANSWER", "NOT_INTERESTED", "VOICEMAIL_LEFT", "WRONG_NUMBER"
]

TASK_DISPOSITION_TYPE_1_VALUES: set[TaskDispositionType1] = {
    "ANSWERED",
    "INTERESTED",
    "NO_ANSWER",
    "NOT_INTERESTED",
    "VOICEMAIL_LEFT",
    "WRONG_NUMBER",
}


def check_task_disposition_type_1(value: str) -> TaskDispositionType1:
    if value in TASK_DISPOSITION_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TASK_DISPOSITION_TYPE_1_VALUES!r}")
