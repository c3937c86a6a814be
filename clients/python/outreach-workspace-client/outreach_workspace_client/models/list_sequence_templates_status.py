from typing import Literal

ListSequenceTemplatesStatus = Literal["ACTIVE", "ARCHIVED", "FINISHING", "INACTIVE", "PENDING_SETUP"]

LIST_SEQUENCE_TEMPLATES_STATUS_VALUES: set[ListSequenceTemplatesStatus] = {
    "ACTIVE",
    "ARCHIVED",
    "FINISHING",
    "INACTIVE",
    "PENDING_SETUP",
}


def check_list_sequence_templates_status(value: str) -> ListSequenceTemplatesStatus:
    if value in LIST_SEQUENCE_TEMPLATES_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_SEQUENCE_TEMPLATES_STATUS_VALUES!r}")
