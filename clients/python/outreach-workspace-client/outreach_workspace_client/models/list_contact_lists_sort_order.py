from typing import Literal

ListContactListsSortOrder = Literal["asc", "desc"]

LIST_CONTACT_LISTS_SORT_ORDER_VALUES: set[ListContactListsSortOrder] = {
    "asc",
    "desc",
}


def check_list_contact_lists_sort_order(value: str) -> ListContactListsSortOrder:
    if value in LIST_CONTACT_LISTS_SORT_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_CONTACT_LISTS_SORT_ORDER_VALUES!r}")
