from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_signals_sort_order import ListSignalsSortOrder
from ...models.signal_page import SignalPage
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_order: ListSignalsSortOrder | Unset = "desc",
    include_archived: bool | Unset = False,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["page"] = page

    params["size"] = size

    json_sort_order: str | Unset = UNSET
    if not isinstance(sort_order, Unset):
        json_sort_order = sort_order

    params["sort_order"] = json_sort_order

    params["include_archived"] = include_archived

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/signals",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | SignalPage | None:
    if response.status_code == 200:
        response_200 = SignalPage.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | SignalPage]:
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
    sort_order: ListSignalsSortOrder | Unset = "desc",
    include_archived: bool | Unset = False,
) -> Response[Error | SignalPage]:
    """List signals

     Ordered by created_at, most recently created first; `sort_order=asc` reads oldest first (no
    `sort_by`: the key is fixed). ARCHIVED signals are hidden unless include_archived=true.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_order (ListSignalsSortOrder | Unset): Direction of the order by created_at (ties by
            id the same way); default `desc`. Default: 'desc'.
        include_archived (bool | Unset): Include ARCHIVED signals (hidden by default). Default:
            False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SignalPage]
    """

    kwargs = _get_kwargs(
        page=page,
        size=size,
        sort_order=sort_order,
        include_archived=include_archived,
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
    sort_order: ListSignalsSortOrder | Unset = "desc",
    include_archived: bool | Unset = False,
) -> Error | SignalPage | None:
    """List signals

     Ordered by created_at, most recently created first; `sort_order=asc` reads oldest first (no
    `sort_by`: the key is fixed). ARCHIVED signals are hidden unless include_archived=true.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_order (ListSignalsSortOrder | Unset): Direction of the order by created_at (ties by
            id the same way); default `desc`. Default: 'desc'.
        include_archived (bool | Unset): Include ARCHIVED signals (hidden by default). Default:
            False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SignalPage
    """

    return sync_detailed(
        client=client,
        page=page,
        size=size,
        sort_order=sort_order,
        include_archived=include_archived,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_order: ListSignalsSortOrder | Unset = "desc",
    include_archived: bool | Unset = False,
) -> Response[Error | SignalPage]:
    """List signals

     Ordered by created_at, most recently created first; `sort_order=asc` reads oldest first (no
    `sort_by`: the key is fixed). ARCHIVED signals are hidden unless include_archived=true.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_order (ListSignalsSortOrder | Unset): Direction of the order by created_at (ties by
            id the same way); default `desc`. Default: 'desc'.
        include_archived (bool | Unset): Include ARCHIVED signals (hidden by default). Default:
            False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SignalPage]
    """

    kwargs = _get_kwargs(
        page=page,
        size=size,
        sort_order=sort_order,
        include_archived=include_archived,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_order: ListSignalsSortOrder | Unset = "desc",
    include_archived: bool | Unset = False,
) -> Error | SignalPage | None:
    """List signals

     Ordered by created_at, most recently created first; `sort_order=asc` reads oldest first (no
    `sort_by`: the key is fixed). ARCHIVED signals are hidden unless include_archived=true.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_order (ListSignalsSortOrder | Unset): Direction of the order by created_at (ties by
            id the same way); default `desc`. Default: 'desc'.
        include_archived (bool | Unset): Include ARCHIVED signals (hidden by default). Default:
            False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SignalPage
    """

    return (
        await asyncio_detailed(
            client=client,
            page=page,
            size=size,
            sort_order=sort_order,
            include_archived=include_archived,
        )
    ).parsed
