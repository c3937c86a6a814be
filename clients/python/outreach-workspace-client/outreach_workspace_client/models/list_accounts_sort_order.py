from typing import Literal

ListAccountsSortOrder = Literal["asc", "desc"]

LIST_ACCOUNTS_SORT_ORDER_VALUES: set[ListAccountsSortOrder] = {
    "asc",
    "desc",
}


def check_list_accounts_sort_order(value: str) -> ListAccountsSortOrder:
    if value in LIST_ACCOUNTS_SORT_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_ACCOUNTS_SORT_ORDER_VALUES!r}")
