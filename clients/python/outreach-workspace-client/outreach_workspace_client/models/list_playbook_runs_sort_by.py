from typing import Literal

ListPlaybookRunsSortBy = Literal["created_at", "updated_at"]

LIST_PLAYBOOK_RUNS_SORT_BY_VALUES: set[ListPlaybookRunsSortBy] = {
    "created_at",
    "updated_at",
}


def check_list_playbook_runs_sort_by(value: str) -> ListPlaybookRunsSortBy:
    if value in LIST_PLAYBOOK_RUNS_SORT_BY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_PLAYBOOK_RUNS_SORT_BY_VALUES!r}")
