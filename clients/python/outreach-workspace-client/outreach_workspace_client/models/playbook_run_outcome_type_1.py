from typing import Literal

PlaybookRunOutcomeType1 = Literal["ALREADY_ENROLLED", "ENROLLED", "ENROLLMENT_REFUSED", "TASK_CREATED"]

PLAYBOOK_RUN_OUTCOME_TYPE_1_VALUES: set[PlaybookRunOutcomeType1] = {
    "ALREADY_ENROLLED",
    "ENROLLED",
    "ENROLLMENT_REFUSED",
    "TASK_CREATED",
}


def check_playbook_run_outcome_type_1(value: str) -> PlaybookRunOutcomeType1:
    if value in PLAYBOOK_RUN_OUTCOME_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PLAYBOOK_RUN_OUTCOME_TYPE_1_VALUES!r}")
