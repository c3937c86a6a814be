from typing import Literal

PlaybookRunStatus = Literal["AWAITING_APPROVAL", "COMPLETED", "FAILED", "PENDING", "REJECTED"]

PLAYBOOK_RUN_STATUS_VALUES: set[PlaybookRunStatus] = {
    "AWAITING_APPROVAL",
    "COMPLETED",
    "FAILED",
    "PENDING",
    "REJECTED",
}


def check_playbook_run_status(value: str) -> PlaybookRunStatus:
    if value in PLAYBOOK_RUN_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PLAYBOOK_RUN_STATUS_VALUES!r}")
