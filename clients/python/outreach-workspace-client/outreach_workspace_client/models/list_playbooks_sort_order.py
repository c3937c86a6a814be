from typing import Literal

ListPlaybooksSortOrder = Literal["asc", "desc"]

LIST_PLAYBOOKS_SORT_ORDER_VALUES: set[ListPlaybooksSortOrder] = {
    "asc",
    "desc",
}


def check_list_playbooks_sort_order(value: str) -> ListPlaybooksSortOrder:
    if value in LIST_PLAYBOOKS_SORT_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_PLAYBOOKS_SORT_ORDER_VALUES!r}")
