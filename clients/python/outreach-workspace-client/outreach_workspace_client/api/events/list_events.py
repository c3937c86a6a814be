import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.event_page import EventPage
from ...models.list_events_resolution_status import ListEventsResolutionStatus
from ...models.list_events_sort_by import ListEventsSortBy
from ...models.list_events_sort_order import ListEventsSortOrder
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListEventsSortBy | Unset = UNSET,
    sort_order: ListEventsSortOrder | Unset = "desc",
    event_name: str | Unset = UNSET,
    resolution_status: ListEventsResolutionStatus | Unset = UNSET,
    external_event_id: str | Unset = UNSET,
    occurred_at_after: datetime.datetime | Unset = UNSET,
    occurred_at_before: datetime.datetime | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["page"] = page

    params["size"] = size

    json_sort_by: str | Unset = UNSET
    if not isinstance(sort_by, Unset):
        json_sort_by = sort_by

    params["sort_by"] = json_sort_by

    json_sort_order: str | Unset = UNSET
    if not isinstance(sort_order, Unset):
        json_sort_order = sort_order

    params["sort_order"] = json_sort_order

    params["event_name"] = event_name

    json_resolution_status: str | Unset = UNSET
    if not isinstance(resolution_status, Unset):
        json_resolution_status = resolution_status

    params["resolution_status"] = json_resolution_status

    params["external_event_id"] = external_event_id

    json_occurred_at_after: str | Unset = UNSET
    if not isinstance(occurred_at_after, Unset):
        json_occurred_at_after = occurred_at_after.isoformat()
    params["occurred_at_after"] = json_occurred_at_after

    json_occurred_at_before: str | Unset = UNSET
    if not isinstance(occurred_at_before, Unset):
        json_occurred_at_before = occurred_at_before.isoformat()
    params["occurred_at_before"] = json_occurred_at_before

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/events",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | EventPage | None:
    if response.status_code == 200:
        response_200 = EventPage.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = Error.from_dict(response.json())

        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | EventPage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListEventsSortBy | Unset = UNSET,
    sort_order: ListEventsSortOrder | Unset = "desc",
    event_name: str | Unset = UNSET,
    resolution_status: ListEventsResolutionStatus | Unset = UNSET,
    external_event_id: str | Unset = UNSET,
    occurred_at_after: datetime.datetime | Unset = UNSET,
    occurred_at_before: datetime.datetime | Unset = UNSET,
) -> Response[Error | EventPage]:
    """List ingested events

     Default order: occurred_at descending; `sort_by` occurred_at only. Filters combine with AND;
    `occurred_at_after` / `occurred_at_before` are exclusive. Each payload is returned exactly as sent.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListEventsSortBy | Unset): Field to order by; omitted, the endpoint default.
        sort_order (ListEventsSortOrder | Unset): Default `desc` (latest occurrence first).
            Default: 'desc'.
        event_name (str | Unset): Exact, case-sensitive.
        resolution_status (ListEventsResolutionStatus | Unset):
        external_event_id (str | Unset): Exact.
        occurred_at_after (datetime.datetime | Unset): Exclusive lower bound. RFC 3339 with `Z` or
            an explicit offset (`±hh:mm`); naive and date-only values are refused.
        occurred_at_before (datetime.datetime | Unset): Exclusive upper bound. RFC 3339 with `Z`
            or an explicit offset (`±hh:mm`); naive and date-only values are refused.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | EventPage]
    """

    kwargs = _get_kwargs(
        page=page,
        size=size,
        sort_by=sort_by,
        sort_order=sort_order,
        event_name=event_name,
        resolution_status=resolution_status,
        external_event_id=external_event_id,
        occurred_at_after=occurred_at_after,
        occurred_at_before=occurred_at_before,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListEventsSortBy | Unset = UNSET,
    sort_order: ListEventsSortOrder | Unset = "desc",
    event_name: str | Unset = UNSET,
    resolution_status: ListEventsResolutionStatus | Unset = UNSET,
    external_event_id: str | Unset = UNSET,
    occurred_at_after: datetime.datetime | Unset = UNSET,
    occurred_at_before: datetime.datetime | Unset = UNSET,
) -> Error | EventPage | None:
    """List ingested events

     Default order: occurred_at descending; `sort_by` occurred_at only. Filters combine with AND;
    `occurred_at_after` / `occurred_at_before` are exclusive. Each payload is returned exactly as sent.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListEventsSortBy | Unset): Field to order by; omitted, the endpoint default.
        sort_order (ListEventsSortOrder | Unset): Default `desc` (latest occurrence first).
            Default: 'desc'.
        event_name (str | Unset): Exact, case-sensitive.
        resolution_status (ListEventsResolutionStatus | Unset):
        external_event_id (str | Unset): Exact.
        occurred_at_after (datetime.datetime | Unset): Exclusive lower bound. RFC 3339 with `Z` or
            an explicit offset (`±hh:mm`); naive and date-only values are refused.
        occurred_at_before (datetime.datetime | Unset): Exclusive upper bound. RFC 3339 with `Z`
            or an explicit offset (`±hh:mm`); naive and date-only values are refused.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | EventPage
    """

    return sync_detailed(
        client=client,
        page=page,
        size=size,
        sort_by=sort_by,
        sort_order=sort_order,
        event_name=event_name,
        resolution_status=resolution_status,
        external_event_id=external_event_id,
        occurred_at_after=occurred_at_after,
        occurred_at_before=occurred_at_before,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListEventsSortBy | Unset = UNSET,
    sort_order: ListEventsSortOrder | Unset = "desc",
    event_name: str | Unset = UNSET,
    resolution_status: ListEventsResolutionStatus | Unset = UNSET,
    external_event_id: str | Unset = UNSET,
    occurred_at_after: datetime.datetime | Unset = UNSET,
    occurred_at_before: datetime.datetime | Unset = UNSET,
) -> Response[Error | EventPage]:
    """List ingested events

     Default order: occurred_at descending; `sort_by` occurred_at only. Filters combine with AND;
    `occurred_at_after` / `occurred_at_before` are exclusive. Each payload is returned exactly as sent.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListEventsSortBy | Unset): Field to order by; omitted, the endpoint default.
        sort_order (ListEventsSortOrder | Unset): Default `desc` (latest occurrence first).
            Default: 'desc'.
        event_name (str | Unset): Exact, case-sensitive.
        resolution_status (ListEventsResolutionStatus | Unset):
        external_event_id (str | Unset): Exact.
        occurred_at_after (datetime.datetime | Unset): Exclusive lower bound. RFC 3339 with `Z` or
            an explicit offset (`±hh:mm`); naive and date-only values are refused.
        occurred_at_before (datetime.datetime | Unset): Exclusive upper bound. RFC 3339 with `Z`
            or an explicit offset (`±hh:mm`); naive and date-only values are refused.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | EventPage]
    """

    kwargs = _get_kwargs(
        page=page,
        size=size,
        sort_by=sort_by,
        sort_order=sort_order,
        event_name=event_name,
        resolution_status=resolution_status,
        external_event_id=external_event_id,
        occurred_at_after=occurred_at_after,
        occurred_at_before=occurred_at_before,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListEventsSortBy | Unset = UNSET,
    sort_order: ListEventsSortOrder | Unset = "desc",
    event_name: str | Unset = UNSET,
    resolution_status: ListEventsResolutionStatus | Unset = UNSET,
    external_event_id: str | Unset = UNSET,
    occurred_at_after: datetime.datetime | Unset = UNSET,
    occurred_at_before: datetime.datetime | Unset = UNSET,
) -> Error | EventPage | None:
    """List ingested events

     Default order: occurred_at descending; `sort_by` occurred_at only. Filters combine with AND;
    `occurred_at_after` / `occurred_at_before` are exclusive. Each payload is returned exactly as sent.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListEventsSortBy | Unset): Field to order by; omitted, the endpoint default.
        sort_order (ListEventsSortOrder | Unset): Default `desc` (latest occurrence first).
            Default: 'desc'.
        event_name (str | Unset): Exact, case-sensitive.
        resolution_status (ListEventsResolutionStatus | Unset):
        external_event_id (str | Unset): Exact.
        occurred_at_after (datetime.datetime | Unset): Exclusive lower bound. RFC 3339 with `Z` or
            an explicit offset (`±hh:mm`); naive and date-only values are refused.
        occurred_at_before (datetime.datetime | Unset): Exclusive upper bound. RFC 3339 with `Z`
            or an explicit offset (`±hh:mm`); naive and date-only values are refused.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | EventPage
    """

    return (
        await asyncio_detailed(
            client=client,
            page=page,
            size=size,
            sort_by=sort_by,
            sort_order=sort_order,
            event_name=event_name,
            resolution_status=resolution_status,
            external_event_id=external_event_id,
            occurred_at_after=occurred_at_after,
            occurred_at_before=occurred_at_before,
        )
    ).parsed
