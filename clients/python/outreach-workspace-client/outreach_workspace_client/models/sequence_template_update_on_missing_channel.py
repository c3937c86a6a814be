from typing import Literal

SequenceTemplateUpdateOnMissingChannel = Literal["SKIP_STEP", "STOP"]

SEQUENCE_TEMPLATE_UPDATE_ON_MISSING_CHANNEL_VALUES: set[SequenceTemplateUpdateOnMissingChannel] = {
    "SKIP_STEP",
    "STOP",
}


def check_sequence_template_update_on_missing_channel(value: str) -> SequenceTemplateUpdateOnMissingChannel:
    if value in SEQUENCE_TEMPLATE_UPDATE_ON_MISSING_CHANNEL_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SEQUENCE_TEMPLATE_UPDATE_ON_MISSING_CHANNEL_VALUES!r}"
    )
