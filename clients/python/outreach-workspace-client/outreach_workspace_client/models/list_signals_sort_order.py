from typing import Literal

ListSignalsSortOrder = Literal["asc", "desc"]

LIST_SIGNALS_SORT_ORDER_VALUES: set[ListSignalsSortOrder] = {
    "asc",
    "desc",
}


def check_list_signals_sort_order(value: str) -> ListSignalsSortOrder:
    if value in LIST_SIGNALS_SORT_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_SIGNALS_SORT_ORDER_VALUES!r}")
