from typing import Literal

ContactEnrichResultCreditsSpent = Literal[0, 1]

CONTACT_ENRICH_RESULT_CREDITS_SPENT_VALUES: set[ContactEnrichResultCreditsSpent] = {
    0,
    1,
}


def check_contact_enrich_result_credits_spent(value: int) -> ContactEnrichResultCreditsSpent:
    if value in CONTACT_ENRICH_RESULT_CREDITS_SPENT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CONTACT_ENRICH_RESULT_CREDITS_SPENT_VALUES!r}")
