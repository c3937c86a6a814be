from typing import Literal

ListMessagesSortBy = Literal["created_at", "sent_at"]

LIST_MESSAGES_SORT_BY_VALUES: set[ListMessagesSortBy] = {
    "created_at",
    "sent_at",
}


def check_list_messages_sort_by(value: str) -> ListMessagesSortBy:
    if value in LIST_MESSAGES_SORT_BY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_MESSAGES_SORT_BY_VALUES!r}")
