from typing import Literal

ContactEntryEnrichmentStatus = Literal["DONE", "FAILED", "PENDING"]

CONTACT_ENTRY_ENRICHMENT_STATUS_VALUES: set[ContactEntryEnrichmentStatus] = {
    "DONE",
    "FAILED",
    "PENDING",
}


def check_contact_entry_enrichment_status(value: str) -> ContactEntryEnrichmentStatus:
    if value in CONTACT_ENTRY_ENRICHMENT_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CONTACT_ENTRY_ENRICHMENT_STATUS_VALUES!r}")
