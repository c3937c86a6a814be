from typing import Literal

ContactEmailStatus = Literal["BOUNCED", "DELIVERABLE", "RISKY", "UNDELIVERABLE", "UNVERIFIED"]

CONTACT_EMAIL_STATUS_VALUES: set[ContactEmailStatus] = {
    "BOUNCED",
    "DELIVERABLE",
    "RISKY",
    "UNDELIVERABLE",
    "UNVERIFIED",
}


def check_contact_email_status(value: str) -> ContactEmailStatus:
    if value in CONTACT_EMAIL_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CONTACT_EMAIL_STATUS_VALUES!r}")
