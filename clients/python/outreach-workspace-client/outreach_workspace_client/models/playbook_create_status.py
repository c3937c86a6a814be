from typing import Literal

PlaybookCreateStatus = Literal["ACTIVE", "PAUSED"]

PLAYBOOK_CREATE_STATUS_VALUES: set[PlaybookCreateStatus] = {
    "ACTIVE",
    "PAUSED",
}


def check_playbook_create_status(value: str) -> PlaybookCreateStatus:
    if value in PLAYBOOK_CREATE_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PLAYBOOK_CREATE_STATUS_VALUES!r}")
