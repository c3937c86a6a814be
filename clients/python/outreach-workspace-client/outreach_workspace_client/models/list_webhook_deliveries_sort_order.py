from typing import Literal

ListWebhookDeliveriesSortOrder = Literal["asc", "desc"]

LIST_WEBHOOK_DELIVERIES_SORT_ORDER_VALUES: set[ListWebhookDeliveriesSortOrder] = {
    "asc",
    "desc",
}


def check_list_webhook_deliveries_sort_order(value: str) -> ListWebhookDeliveriesSortOrder:
    if value in LIST_WEBHOOK_DELIVERIES_SORT_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_WEBHOOK_DELIVERIES_SORT_ORDER_VALUES!r}")
