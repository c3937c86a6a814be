from typing import Literal

SequenceTemplateOnMissingChannel = Literal["SKIP_STEP", "STOP"]

SEQUENCE_TEMPLATE_ON_MISSING_CHANNEL_VALUES: set[SequenceTemplateOnMissingChannel] = {
    "SKIP_STEP",
    "STOP",
}


def check_sequence_template_on_missing_channel(value: str) -> SequenceTemplateOnMissingChannel:
    if value in SEQUENCE_TEMPLATE_ON_MISSING_CHANNEL_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SEQUENCE_TEMPLATE_ON_MISSING_CHANNEL_VALUES!r}")
