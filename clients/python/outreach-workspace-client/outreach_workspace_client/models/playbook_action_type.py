from typing import Literal

PlaybookActionType = Literal["CREATE_TASK", "ENROLL_IN_SEQUENCE"]

PLAYBOOK_ACTION_TYPE_VALUES: set[PlaybookActionType] = {
    "CREATE_TASK",
    "ENROLL_IN_SEQUENCE",
}


def check_playbook_action_type(value: str) -> PlaybookActionType:
    if value in PLAYBOOK_ACTION_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PLAYBOOK_ACTION_TYPE_VALUES!r}")
