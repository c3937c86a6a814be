from typing import Literal

ListWebhookDeliveriesSortBy = Literal["created_at"]

LIST_WEBHOOK_DELIVERIES_SORT_BY_VALUES: set[ListWebhookDeliveriesSortBy] = {
    "created_at",
}


def check_list_webhook_deliveries_sort_by(value: str) -> ListWebhookDeliveriesSortBy:
    if value in LIST_WEBHOOK_DELIVERIES_SORT_BY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_WEBHOOK_DELIVERIES_SORT_BY_VALUES!r}")
