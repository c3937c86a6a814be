from typing import Literal

ListSequencesSortBy = Literal["created_at", "updated_at"]

LIST_SEQUENCES_SORT_BY_VALUES: set[ListSequencesSortBy] = {
    "created_at",
    "updated_at",
}


def check_list_sequences_sort_by(value: str) -> ListSequencesSortBy:
    if value in LIST_SEQUENCES_SORT_BY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_SEQUENCES_SORT_BY_VALUES!r}")
