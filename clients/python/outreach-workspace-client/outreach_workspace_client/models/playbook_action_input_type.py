from typing import Literal

PlaybookActionInputType = Literal["CREATE_TASK", "ENROLL_IN_SEQUENCE"]

PLAYBOOK_ACTION_INPUT_TYPE_VALUES: set[PlaybookActionInputType] = {
    "CREATE_TASK",
    "ENROLL_IN_SEQUENCE",
}


def check_playbook_action_input_type(value: str) -> PlaybookActionInputType:
    if value in PLAYBOOK_ACTION_INPUT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PLAYBOOK_ACTION_INPUT_TYPE_VALUES!r}")
