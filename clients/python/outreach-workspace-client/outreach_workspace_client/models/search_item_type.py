from typing import Literal

SearchItemType = Literal["account", "lead", "sequence_template", "task"]

SEARCH_ITEM_TYPE_VALUES: set[SearchItemType] = {
    "account",
    "lead",
    "sequence_template",
    "task",
}


def check_search_item_type(value: str) -> SearchItemType:
    if value in SEARCH_ITEM_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SEARCH_ITEM_TYPE_VALUES!r}")
