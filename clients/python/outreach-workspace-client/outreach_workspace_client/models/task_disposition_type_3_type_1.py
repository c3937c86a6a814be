from typing import Literal

TaskDispositionType3Type1 = Literal[
    "ANSWERED", "INTERESTED", "NO_ANSWER", "NOT_INTERESTED", "VOICEMAIL_LEFT", "WRONG_NUMBER"
]

TASK_DISPOSITION_TYPE_3_TYPE_1_VALUES: set[TaskDispositionType3Type1] = {
    "ANSWERED",
    "INTERESTED",
    "NO_ANSWER",
    "NOT_INTERESTED",
    "VOICEMAIL_LEFT",
    "WRONG_NUMBER",
}


def check_task_disposition_type_3_type_1(value: str) -> TaskDispositionType3Type1:
    if value in TASK_DISPOSITION_TYPE_3_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TASK_DISPOSITION_TYPE_3_TYPE_1_VALUES!r}")
