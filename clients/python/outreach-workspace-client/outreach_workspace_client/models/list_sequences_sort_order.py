from typing import Literal

ListSequencesSortOrder = Literal["asc", "desc"]

LIST_SEQUENCES_SORT_ORDER_VALUES: set[ListSequencesSortOrder] = {
    "asc",
    "desc",
}


def check_list_sequences_sort_order(value: str) -> ListSequencesSortOrder:
    if value in LIST_SEQUENCES_SORT_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_SEQUENCES_SORT_ORDER_VALUES!r}")
