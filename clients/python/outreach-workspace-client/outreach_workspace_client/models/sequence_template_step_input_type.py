from typing import Literal

SequenceTemplateStepInputType = Literal["CALL", "EMAIL", "LINKEDIN_INVITATION", "LINKEDIN_MESSAGE"]

SEQUENCE_TEMPLATE_STEP_INPUT_TYPE_VALUES: set[SequenceTemplateStepInputType] = {
    "CALL",
    "EMAIL",
    "LINKEDIN_INVITATION",
    "LINKEDIN_MESSAGE",
}


def check_sequence_template_step_input_type(value: str) -> SequenceTemplateStepInputType:
    if value in SEQUENCE_TEMPLATE_STEP_INPUT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SEQUENCE_TEMPLATE_STEP_INPUT_TYPE_VALUES!r}")
