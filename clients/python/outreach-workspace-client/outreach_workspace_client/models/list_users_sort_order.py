from typing import Literal

ListUsersSortOrder = Literal["asc", "desc"]

LIST_USERS_SORT_ORDER_VALUES: set[ListUsersSortOrder] = {
    "asc",
    "desc",
}


def check_list_users_sort_order(value: str) -> ListUsersSortOrder:
    if value in LIST_USERS_SORT_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_USERS_SORT_ORDER_VALUES!r}")
