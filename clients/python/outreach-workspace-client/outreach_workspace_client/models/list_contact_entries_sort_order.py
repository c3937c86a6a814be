from typing import Literal

ListContactEntriesSortOrder = Literal["asc", "desc"]

LIST_CONTACT_ENTRIES_SORT_ORDER_VALUES: set[ListContactEntriesSortOrder] = {
    "asc",
    "desc",
}


def check_list_contact_entries_sort_order(value: str) -> ListContactEntriesSortOrder:
    if value in LIST_CONTACT_ENTRIES_SORT_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_CONTACT_ENTRIES_SORT_ORDER_VALUES!r}")
