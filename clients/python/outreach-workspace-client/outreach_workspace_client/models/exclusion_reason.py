from typing import Literal

ExclusionReason = Literal[
    "BAD_TIMING",
    "BOUNCED",
    "COMPETITOR",
    "CONTACT_REFUSED",
    "EXCLUDE_FROM_CRM",
    "EXCLUDE_FROM_SEARCH",
    "INTERESTED",
    "LEFT_COMPANY",
    "MEETING",
    "OTHER",
    "OUT_OF_OFFICE",
    "REFERRAL",
    "UNKNOWN",
    "UNSUBSCRIBED",
    "WRONG_PERSON",
]

EXCLUSION_REASON_VALUES: set[ExclusionReason] = {
    "BAD_TIMING",
    "BOUNCED",
    "COMPETITOR",
    "CONTACT_REFUSED",
    "EXCLUDE_FROM_CRM",
    "EXCLUDE_FROM_SEARCH",
    "INTERESTED",
    "LEFT_COMPANY",
    "MEETING",
    "OTHER",
    "OUT_OF_OFFICE",
    "REFERRAL",
    "UNKNOWN",
    "UNSUBSCRIBED",
    "WRONG_PERSON",
}


def check_exclusion_reason(value: str) -> ExclusionReason:
    if value in EXCLUSION_REASON_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EXCLUSION_REASON_VALUES!r}")
