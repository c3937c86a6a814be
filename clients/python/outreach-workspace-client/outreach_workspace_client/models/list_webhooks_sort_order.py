from typing import Literal

ListWebhooksSortOrder = Literal["asc", "desc"]

LIST_WEBHOOKS_SORT_ORDER_VALUES: set[ListWebhooksSortOrder] = {
    "asc",
    "desc",
}


def check_list_webhooks_sort_order(value: str) -> ListWebhooksSortOrder:
    if value in LIST_WEBHOOKS_SORT_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_WEBHOOKS_SORT_ORDER_VALUES!r}")
