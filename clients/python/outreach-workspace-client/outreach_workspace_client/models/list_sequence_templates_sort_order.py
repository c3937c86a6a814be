from typing import Literal

ListSequenceTemplatesSortOrder = Literal["asc", "desc"]

LIST_SEQUENCE_TEMPLATES_SORT_ORDER_VALUES: set[ListSequenceTemplatesSortOrder] = {
    "asc",
    "desc",
}


def check_list_sequence_templates_sort_order(value: str) -> ListSequenceTemplatesSortOrder:
    if value in LIST_SEQUENCE_TEMPLATES_SORT_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_SEQUENCE_TEMPLATES_SORT_ORDER_VALUES!r}")
