from typing import Literal

ContactEntryBatchItemStatus = Literal["CREATED", "FAILED", "UPDATED"]

CONTACT_ENTRY_BATCH_ITEM_STATUS_VALUES: set[ContactEntryBatchItemStatus] = {
    "CREATED",
    "FAILED",
    "UPDATED",
}


def check_contact_entry_batch_item_status(value: str) -> ContactEntryBatchItemStatus:
    if value in CONTACT_ENTRY_BATCH_ITEM_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CONTACT_ENTRY_BATCH_ITEM_STATUS_VALUES!r}")
