from typing import Literal

ContactQualifyResultVerdict = Literal["NEEDS_REVIEW", "NOT_QUALIFIED", "QUALIFIED"]

CONTACT_QUALIFY_RESULT_VERDICT_VALUES: set[ContactQualifyResultVerdict] = {
    "NEEDS_REVIEW",
    "NOT_QUALIFIED",
    "QUALIFIED",
}


def check_contact_qualify_result_verdict(value: str) -> ContactQualifyResultVerdict:
    if value in CONTACT_QUALIFY_RESULT_VERDICT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CONTACT_QUALIFY_RESULT_VERDICT_VALUES!r}")
