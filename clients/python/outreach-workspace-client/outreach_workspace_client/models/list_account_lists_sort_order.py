from typing import Literal

ListAccountListsSortOrder = Literal["asc", "desc"]

LIST_ACCOUNT_LISTS_SORT_ORDER_VALUES: set[ListAccountListsSortOrder] = {
    "asc",
    "desc",
}


def check_list_account_lists_sort_order(value: str) -> ListAccountListsSortOrder:
    if value in LIST_ACCOUNT_LISTS_SORT_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_ACCOUNT_LISTS_SORT_ORDER_VALUES!r}")
