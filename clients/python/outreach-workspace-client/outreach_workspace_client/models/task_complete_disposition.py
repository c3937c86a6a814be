from typing import Literal

TaskCompleteDisposition = Literal["ANSWERED", "NO_ANSWER", "VOICEMAIL_LEFT"]

TASK_COMPLETE_DISPOSITION_VALUES: set[TaskCompleteDisposition] = {
    "ANSWERED",
    "NO_ANSWER",
    "VOICEMAIL_LEFT",
}


def check_task_complete_disposition(value: str) -> TaskCompleteDisposition:
    if value in TASK_COMPLETE_DISPOSITION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TASK_COMPLETE_DISPOSITION_VALUES!r}")
