from typing import Literal

ContactUnenrollItemStatus = Literal["NOT_FOUND", "UNENROLLED"]

CONTACT_UNENROLL_ITEM_STATUS_VALUES: set[ContactUnenrollItemStatus] = {
    "NOT_FOUND",
    "UNENROLLED",
}


def check_contact_unenroll_item_status(value: str) -> ContactUnenrollItemStatus:
    if value in CONTACT_UNENROLL_ITEM_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CONTACT_UNENROLL_ITEM_STATUS_VALUES!r}")
