from typing import Literal

TaskDisposition = Literal["ANSWERED", "INTERESTED", "NO_ANSWER", "NOT_INTERESTED", "VOICEMAIL_LEFT", "WRONG_NUMBER"]

TASK_DISPOSITION_VALUES: set[TaskDisposition] = {
    "ANSWERED",
    "INTERESTED",
    "NO_ANSWER",
    "NOT_INTERESTED",
    "VOICEMAIL_LEFT",
    "WRONG_NUMBER",
}


def check_task_disposition(value: str) -> TaskDisposition:
    if value in TASK_DISPOSITION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TASK_DISPOSITION_VALUES!r}")
