from typing import Literal

ListEventsSortOrder = Literal["asc", "desc"]

LIST_EVENTS_SORT_ORDER_VALUES: set[ListEventsSortOrder] = {
    "asc",
    "desc",
}


def check_list_events_sort_order(value: str) -> ListEventsSortOrder:
    if value in LIST_EVENTS_SORT_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_EVENTS_SORT_ORDER_VALUES!r}")
