from typing import Literal

ListContactEntriesEnrichmentStatus = Literal["DONE", "FAILED", "PENDING"]

LIST_CONTACT_ENTRIES_ENRICHMENT_STATUS_VALUES: set[ListContactEntriesEnrichmentStatus] = {
    "DONE",
    "FAILED",
    "PENDING",
}


def check_list_contact_entries_enrichment_status(value: str) -> ListContactEntriesEnrichmentStatus:
    if value in LIST_CONTACT_ENTRIES_ENRICHMENT_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_CONTACT_ENTRIES_ENRICHMENT_STATUS_VALUES!r}")
