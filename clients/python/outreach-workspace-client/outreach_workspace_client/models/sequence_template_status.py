from typing import Literal

SequenceTemplateStatus = Literal["ACTIVE", "ARCHIVED", "FINISHING", "INACTIVE", "PENDING_SETUP"]

SEQUENCE_TEMPLATE_STATUS_VALUES: set[SequenceTemplateStatus] = {
    "ACTIVE",
    "ARCHIVED",
    "FINISHING",
    "INACTIVE",
    "PENDING_SETUP",
}


def check_sequence_template_status(value: str) -> SequenceTemplateStatus:
    if value in SEQUENCE_TEMPLATE_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SEQUENCE_TEMPLATE_STATUS_VALUES!r}")
