from typing import Literal

SequenceTemplateCreateOnMissingChannel = Literal["SKIP_STEP", "STOP"]

SEQUENCE_TEMPLATE_CREATE_ON_MISSING_CHANNEL_VALUES: set[SequenceTemplateCreateOnMissingChannel] = {
    "SKIP_STEP",
    "STOP",
}


def check_sequence_template_create_on_missing_channel(value: str) -> SequenceTemplateCreateOnMissingChannel:
    if value in SEQUENCE_TEMPLATE_CREATE_ON_MISSING_CHANNEL_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SEQUENCE_TEMPLATE_CREATE_ON_MISSING_CHANNEL_VALUES!r}"
    )
