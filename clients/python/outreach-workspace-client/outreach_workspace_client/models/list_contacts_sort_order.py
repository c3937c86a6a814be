from typing import Literal

ListContactsSortOrder = Literal["asc", "desc"]

LIST_CONTACTS_SORT_ORDER_VALUES: set[ListContactsSortOrder] = {
    "asc",
    "desc",
}


def check_list_contacts_sort_order(value: str) -> ListContactsSortOrder:
    if value in LIST_CONTACTS_SORT_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_CONTACTS_SORT_ORDER_VALUES!r}")
