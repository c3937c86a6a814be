from typing import Literal

ListMessagesSortOrder = Literal["asc", "desc"]

LIST_MESSAGES_SORT_ORDER_VALUES: set[ListMessagesSortOrder] = {
    "asc",
    "desc",
}


def check_list_messages_sort_order(value: str) -> ListMessagesSortOrder:
    if value in LIST_MESSAGES_SORT_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_MESSAGES_SORT_ORDER_VALUES!r}")
