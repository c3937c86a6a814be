from typing import Literal

ListTaskMessagesSortOrder = Literal["asc", "desc"]

LIST_TASK_MESSAGES_SORT_ORDER_VALUES: set[ListTaskMessagesSortOrder] = {
    "asc",
    "desc",
}


def check_list_task_messages_sort_order(value: str) -> ListTaskMessagesSortOrder:
    if value in LIST_TASK_MESSAGES_SORT_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_TASK_MESSAGES_SORT_ORDER_VALUES!r}")
