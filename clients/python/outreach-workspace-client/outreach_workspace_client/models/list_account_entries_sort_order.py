from typing import Literal

ListAccountEntriesSortOrder = Literal["asc", "desc"]

LIST_ACCOUNT_ENTRIES_SORT_ORDER_VALUES: set[ListAccountEntriesSortOrder] = {
    "asc",
    "desc",
}


def check_list_account_entries_sort_order(value: str) -> ListAccountEntriesSortOrder:
    if value in LIST_ACCOUNT_ENTRIES_SORT_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_ACCOUNT_ENTRIES_SORT_ORDER_VALUES!r}")
