from typing import Literal

WebhookCreateStatus = Literal["ACTIVE", "DISABLED", "PAUSED"]

WEBHOOK_CREATE_STATUS_VALUES: set[WebhookCreateStatus] = {
    "ACTIVE",
    "DISABLED",
    "PAUSED",
}


def check_webhook_create_status(value: str) -> WebhookCreateStatus:
    if value in WEBHOOK_CREATE_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOK_CREATE_STATUS_VALUES!r}")
