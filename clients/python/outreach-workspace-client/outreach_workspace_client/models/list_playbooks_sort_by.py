from typing import Literal

ListPlaybooksSortBy = Literal["created_at", "name", "updated_at"]

LIST_PLAYBOOKS_SORT_BY_VALUES: set[ListPlaybooksSortBy] = {
    "created_at",
    "name",
    "updated_at",
}


def check_list_playbooks_sort_by(value: str) -> ListPlaybooksSortBy:
    if value in LIST_PLAYBOOKS_SORT_BY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_PLAYBOOKS_SORT_BY_VALUES!r}")
