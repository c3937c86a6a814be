from typing import Literal

PlaybookRunOutcomeType3Type1 = Literal["ALREADY_ENROLLED", "ENROLLED", "ENROLLMENT_REFUSED", "TASK_CREATED"]

PLAYBOOK_RUN_OUTCOME_TYPE_3_TYPE_1_VALUES: set[PlaybookRunOutcomeType3Type1] = {
    "ALREADY_ENROLLED",
    "ENROLLED",
    "ENROLLMENT_REFUSED",
    "TASK_CREATED",
}


def check_playbook_run_outcome_type_3_type_1(value: str) -> PlaybookRunOutcomeType3Type1:
    if value in PLAYBOOK_RUN_OUTCOME_TYPE_3_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PLAYBOOK_RUN_OUTCOME_TYPE_3_TYPE_1_VALUES!r}")
