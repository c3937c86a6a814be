from typing import Literal

ListTasksSortOrder = Literal["asc", "desc"]

LIST_TASKS_SORT_ORDER_VALUES: set[ListTasksSortOrder] = {
    "asc",
    "desc",
}


def check_list_tasks_sort_order(value: str) -> ListTasksSortOrder:
    if value in LIST_TASKS_SORT_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_TASKS_SORT_ORDER_VALUES!r}")
