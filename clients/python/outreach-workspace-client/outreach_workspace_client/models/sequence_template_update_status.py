from typing import Literal

SequenceTemplateUpdateStatus = Literal["ACTIVE", "ARCHIVED", "FINISHING", "INACTIVE", "PENDING_SETUP"]

SEQUENCE_TEMPLATE_UPDATE_STATUS_VALUES: set[SequenceTemplateUpdateStatus] = {
    "ACTIVE",
    "ARCHIVED",
    "FINISHING",
    "INACTIVE",
    "PENDING_SETUP",
}


def check_sequence_template_update_status(value: str) -> SequenceTemplateUpdateStatus:
    if value in SEQUENCE_TEMPLATE_UPDATE_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SEQUENCE_TEMPLATE_UPDATE_STATUS_VALUES!r}")
