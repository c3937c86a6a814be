from typing import Literal

SequenceTemplateStepType = Literal["CALL", "EMAIL", "LINKEDIN_INVITATION", "LINKEDIN_MESSAGE"]

SEQUENCE_TEMPLATE_STEP_TYPE_VALUES: set[SequenceTemplateStepType] = {
    "CALL",
    "EMAIL",
    "LINKEDIN_INVITATION",
    "LINKEDIN_MESSAGE",
}


def check_sequence_template_step_type(value: str) -> SequenceTemplateStepType:
    if value in SEQUENCE_TEMPLATE_STEP_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SEQUENCE_TEMPLATE_STEP_TYPE_VALUES!r}")
