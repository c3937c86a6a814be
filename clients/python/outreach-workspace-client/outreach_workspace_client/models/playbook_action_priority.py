from typing import Literal

PlaybookActionPriority = Literal["EXTRA", "HOT", "TODAY"]

PLAYBOOK_ACTION_PRIORITY_VALUES: set[PlaybookActionPriority] = {
    "EXTRA",
    "HOT",
    "TODAY",
}


def check_playbook_action_priority(value: str) -> PlaybookActionPriority:
    if value in PLAYBOOK_ACTION_PRIORITY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PLAYBOOK_ACTION_PRIORITY_VALUES!r}")
