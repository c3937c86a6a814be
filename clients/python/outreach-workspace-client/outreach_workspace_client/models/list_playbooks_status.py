from typing import Literal

ListPlaybooksStatus = Literal["ACTIVE", "PAUSED"]

LIST_PLAYBOOKS_STATUS_VALUES: set[ListPlaybooksStatus] = {
    "ACTIVE",
    "PAUSED",
}


def check_list_playbooks_status(value: str) -> ListPlaybooksStatus:
    if value in LIST_PLAYBOOKS_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_PLAYBOOKS_STATUS_VALUES!r}")
