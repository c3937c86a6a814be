from typing import Literal

SearchTypesItem = Literal["account", "lead", "sequence_template", "task"]

SEARCH_TYPES_ITEM_VALUES: set[SearchTypesItem] = {
    "account",
    "lead",
    "sequence_template",
    "task",
}


def check_search_types_item(value: str) -> SearchTypesItem:
    if value in SEARCH_TYPES_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SEARCH_TYPES_ITEM_VALUES!r}")
