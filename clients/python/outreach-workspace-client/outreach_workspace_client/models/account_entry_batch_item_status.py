from typing import Literal

AccountEntryBatchItemStatus = Literal["CREATED", "FAILED", "UPDATED"]

ACCOUNT_ENTRY_BATCH_ITEM_STATUS_VALUES: set[AccountEntryBatchItemStatus] = {
    "CREATED",
    "FAILED",
    "UPDATED",
}


def check_account_entry_batch_item_status(value: str) -> AccountEntryBatchItemStatus:
    if value in ACCOUNT_ENTRY_BATCH_ITEM_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ACCOUNT_ENTRY_BATCH_ITEM_STATUS_VALUES!r}")
