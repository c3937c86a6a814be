from typing import Literal

AccountListBatchItemStatus = Literal["CREATED", "FAILED", "UPDATED"]

ACCOUNT_LIST_BATCH_ITEM_STATUS_VALUES: set[AccountListBatchItemStatus] = {
    "CREATED",
    "FAILED",
    "UPDATED",
}


def check_account_list_batch_item_status(value: str) -> AccountListBatchItemStatus:
    if value in ACCOUNT_LIST_BATCH_ITEM_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ACCOUNT_LIST_BATCH_ITEM_STATUS_VALUES!r}")
