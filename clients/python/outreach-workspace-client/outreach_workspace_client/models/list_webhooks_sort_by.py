from typing import Literal

ListWebhooksSortBy = Literal["created_at", "name", "updated_at"]

LIST_WEBHOOKS_SORT_BY_VALUES: set[ListWebhooksSortBy] = {
    "created_at",
    "name",
    "updated_at",
}


def check_list_webhooks_sort_by(value: str) -> ListWebhooksSortBy:
    if value in LIST_WEBHOOKS_SORT_BY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_WEBHOOKS_SORT_BY_VALUES!r}")
