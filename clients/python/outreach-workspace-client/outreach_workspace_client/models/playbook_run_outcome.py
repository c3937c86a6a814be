from typing import Literal

PlaybookRunOutcome = Literal["ALREADY_ENROLLED", "ENROLLED", "ENROLLMENT_REFUSED", "TASK_CREATED"]

PLAYBOOK_RUN_OUTCOME_VALUES: set[PlaybookRunOutcome] = {
    "ALREADY_ENROLLED",
    "ENROLLED",
    "ENROLLMENT_REFUSED",
    "TASK_CREATED",
}


def check_playbook_run_outcome(value: str) -> PlaybookRunOutcome:
    if value in PLAYBOOK_RUN_OUTCOME_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PLAYBOOK_RUN_OUTCOME_VALUES!r}")
