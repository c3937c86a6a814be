from typing import Literal

ListSequenceTemplatesSortBy = Literal["created_at", "name", "updated_at"]

LIST_SEQUENCE_TEMPLATES_SORT_BY_VALUES: set[ListSequenceTemplatesSortBy] = {
    "created_at",
    "name",
    "updated_at",
}


def check_list_sequence_templates_sort_by(value: str) -> ListSequenceTemplatesSortBy:
    if value in LIST_SEQUENCE_TEMPLATES_SORT_BY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_SEQUENCE_TEMPLATES_SORT_BY_VALUES!r}")
