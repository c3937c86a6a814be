from typing import Literal

PlaybookUpdateStatus = Literal["ACTIVE", "PAUSED"]

PLAYBOOK_UPDATE_STATUS_VALUES: set[PlaybookUpdateStatus] = {
    "ACTIVE",
    "PAUSED",
}


def check_playbook_update_status(value: str) -> PlaybookUpdateStatus:
    if value in PLAYBOOK_UPDATE_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PLAYBOOK_UPDATE_STATUS_VALUES!r}")
