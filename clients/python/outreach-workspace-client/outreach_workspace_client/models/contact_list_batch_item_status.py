from typing import Literal

ContactListBatchItemStatus = Literal["CREATED", "FAILED", "UPDATED"]

CONTACT_LIST_BATCH_ITEM_STATUS_VALUES: set[ContactListBatchItemStatus] = {
    "CREATED",
    "FAILED",
    "UPDATED",
}


def check_contact_list_batch_item_status(value: str) -> ContactListBatchItemStatus:
    if value in CONTACT_LIST_BATCH_ITEM_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CONTACT_LIST_BATCH_ITEM_STATUS_VALUES!r}")
