from typing import Literal

PlaybookRunOutcomeType2Type1 = Literal["ALREADY_ENROLLED", "ENROLLED", "ENROLLMENT_REFUSED", "TASK_CREATED"]

PLAYBOOK_RUN_OUTCOME_TYPE_2_TYPE_1_VALUES: set[PlaybookRunOutcomeType2Type1] = {
    "ALREADY_ENROLLED",
    "ENROLLED",
    "ENROLLMENT_REFUSED",
    "TASK_CREATED",
}


def check_playbook_run_outcome_type_2_type_1(value: str) -> PlaybookRunOutcomeType2Type1:
    if value in PLAYBOOK_RUN_OUTCOME_TYPE_2_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PLAYBOOK_RUN_OUTCOME_TYPE_2_TYPE_1_VALUES!r}")
