from typing import Literal

TaskDispositionType2Type1 = Literal[
    "ANSWERED", "INTERESTED", "NO_ANSWER", "NOT_INTERESTED", "VOICEMAIL_LEFT", "WRONG_NUMBER"
]

TASK_DISPOSITION_TYPE_2_TYPE_1_VALUES: set[TaskDispositionType2Type1] = {
    "ANSWERED",
    "INTERESTED",
    "NO_ANSWER",
    "NOT_INTERESTED",
    "VOICEMAIL_LEFT",
    "WRONG_NUMBER",
}


def check_task_disposition_type_2_type_1(value: str) -> TaskDispositionType2Type1:
    if value in TASK_DISPOSITION_TYPE_2_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TASK_DISPOSITION_TYPE_2_TYPE_1_VALUES!r}")
