from typing import Literal

ContactGetAndEnrichResultCreditsSpent = Literal[0, 1]

CONTACT_GET_AND_ENRICH_RESULT_CREDITS_SPENT_VALUES: set[ContactGetAndEnrichResultCreditsSpent] = {
    0,
    1,
}


def check_contact_get_and_enrich_result_credits_spent(value: int) -> ContactGetAndEnrichResultCreditsSpent:
    if value in CONTACT_GET_AND_ENRICH_RESULT_CREDITS_SPENT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CONTACT_GET_AND_ENRICH_RESULT_CREDITS_SPENT_VALUES!r}"
    )
