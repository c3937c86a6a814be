from typing import Literal

PlaybookStatus = Literal["ACTIVE", "PAUSED"]

PLAYBOOK_STATUS_VALUES: set[PlaybookStatus] = {
    "ACTIVE",
    "PAUSED",
}


def check_playbook_status(value: str) -> PlaybookStatus:
    if value in PLAYBOOK_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PLAYBOOK_STATUS_VALUES!r}")
