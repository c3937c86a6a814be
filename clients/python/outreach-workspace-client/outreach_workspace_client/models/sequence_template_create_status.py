from typing import Literal

SequenceTemplateCreateStatus = Literal["ACTIVE", "ARCHIVED", "FINISHING", "INACTIVE", "PENDING_SETUP"]

SEQUENCE_TEMPLATE_CREATE_STATUS_VALUES: set[SequenceTemplateCreateStatus] = {
    "ACTIVE",
    "ARCHIVED",
    "FINISHING",
    "INACTIVE",
    "PENDING_SETUP",
}


def check_sequence_template_create_status(value: str) -> SequenceTemplateCreateStatus:
    if value in SEQUENCE_TEMPLATE_CREATE_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SEQUENCE_TEMPLATE_CREATE_STATUS_VALUES!r}")
