from typing import Literal

PlaybookActionInputPriority = Literal["EXTRA", "HOT", "TODAY"]

PLAYBOOK_ACTION_INPUT_PRIORITY_VALUES: set[PlaybookActionInputPriority] = {
    "EXTRA",
    "HOT",
    "TODAY",
}


def check_playbook_action_input_priority(value: str) -> PlaybookActionInputPriority:
    if value in PLAYBOOK_ACTION_INPUT_PRIORITY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PLAYBOOK_ACTION_INPUT_PRIORITY_VALUES!r}")
