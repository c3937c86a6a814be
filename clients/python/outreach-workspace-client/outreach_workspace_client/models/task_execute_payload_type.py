from typing import Literal

TaskExecutePayloadType = Literal["call", "email_reply", "linkedin_reply", "new_lead_review", "playbook_approval"]

TASK_EXECUTE_PAYLOAD_TYPE_VALUES: set[TaskExecutePayloadType] = {
    "call",
    "email_reply",
    "linkedin_reply",
    "new_lead_review",
    "playbook_approval",
}


def check_task_execute_payload_type(value: str) -> TaskExecutePayloadType:
    if value in TASK_EXECUTE_PAYLOAD_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TASK_EXECUTE_PAYLOAD_TYPE_VALUES!r}")
