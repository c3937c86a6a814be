from typing import Literal

ListPlaybookRunsSortOrder = Literal["asc", "desc"]

LIST_PLAYBOOK_RUNS_SORT_ORDER_VALUES: set[ListPlaybookRunsSortOrder] = {
    "asc",
    "desc",
}


def check_list_playbook_runs_sort_order(value: str) -> ListPlaybookRunsSortOrder:
    if value in LIST_PLAYBOOK_RUNS_SORT_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_PLAYBOOK_RUNS_SORT_ORDER_VALUES!r}")
