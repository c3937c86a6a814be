from typing import Literal

TaskExecutePayloadDisposition = Literal[
    "ANSWERED", "INTERESTED", "NO_ANSWER", "NOT_INTERESTED", "VOICEMAIL_LEFT", "WRONG_NUMBER"
]

TASK_EXECUTE_PAYLOAD_DISPOSITION_VALUES: set[TaskExecutePayloadDisposition] = {
    "ANSWERED",
    "INTERESTED",
    "NO_ANSWER",
    "NOT_INTERESTED",
    "VOICEMAIL_LEFT",
    "WRONG_NUMBER",
}


def check_task_execute_payload_disposition(value: str) -> TaskExecutePayloadDisposition:
    if value in TASK_EXECUTE_PAYLOAD_DISPOSITION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TASK_EXECUTE_PAYLOAD_DISPOSITION_VALUES!r}")
