from typing import Literal

ListPlaybookRunsStatus = Literal["AWAITING_APPROVAL", "COMPLETED", "FAILED", "PENDING", "REJECTED"]

LIST_PLAYBOOK_RUNS_STATUS_VALUES: set[ListPlaybookRunsStatus] = {
    "AWAITING_APPROVAL",
    "COMPLETED",
    "FAILED",
    "PENDING",
    "REJECTED",
}


def check_list_playbook_runs_status(value: str) -> ListPlaybookRunsStatus:
    if value in LIST_PLAYBOOK_RUNS_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_PLAYBOOK_RUNS_STATUS_VALUES!r}")
