from typing import Literal

ContactGetAndEnrichResultSource = Literal["provider", "workspace", "workspace+provider"]

CONTACT_GET_AND_ENRICH_RESULT_SOURCE_VALUES: set[ContactGetAndEnrichResultSource] = {
    "provider",
    "workspace",
    "workspace+provider",
}


def check_contact_get_and_enrich_result_source(value: str) -> ContactGetAndEnrichResultSource:
    if value in CONTACT_GET_AND_ENRICH_RESULT_SOURCE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CONTACT_GET_AND_ENRICH_RESULT_SOURCE_VALUES!r}")
