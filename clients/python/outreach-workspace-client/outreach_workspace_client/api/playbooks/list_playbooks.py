from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_playbooks_sort_by import ListPlaybooksSortBy
from ...models.list_playbooks_sort_order import ListPlaybooksSortOrder
from ...models.list_playbooks_status import ListPlaybooksStatus
from ...models.playbook_page import PlaybookPage
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListPlaybooksSortBy | Unset = UNSET,
    sort_order: ListPlaybooksSortOrder | Unset = "asc",
    event_name: str | Unset = UNSET,
    status: ListPlaybooksStatus | Unset = UNSET,
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

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status

    params["status"] = json_status

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/playbooks",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | PlaybookPage | None:
    if response.status_code == 200:
        response_200 = PlaybookPage.from_dict(response.json())

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | PlaybookPage]:
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
    sort_by: ListPlaybooksSortBy | Unset = UNSET,
    sort_order: ListPlaybooksSortOrder | Unset = "asc",
    event_name: str | Unset = UNSET,
    status: ListPlaybooksStatus | Unset = UNSET,
) -> Response[Error | PlaybookPage]:
    """List playbooks

     Default order: created_at ascending. Filters: event_name (exact), status.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListPlaybooksSortBy | Unset): Field to order by; omitted, the endpoint default.
        sort_order (ListPlaybooksSortOrder | Unset):  Default: 'asc'.
        event_name (str | Unset): Exact.
        status (ListPlaybooksStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PlaybookPage]
    """

    kwargs = _get_kwargs(
        page=page,
        size=size,
        sort_by=sort_by,
        sort_order=sort_order,
        event_name=event_name,
        status=status,
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
    sort_by: ListPlaybooksSortBy | Unset = UNSET,
    sort_order: ListPlaybooksSortOrder | Unset = "asc",
    event_name: str | Unset = UNSET,
    status: ListPlaybooksStatus | Unset = UNSET,
) -> Error | PlaybookPage | None:
    """List playbooks

     Default order: created_at ascending. Filters: event_name (exact), status.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListPlaybooksSortBy | Unset): Field to order by; omitted, the endpoint default.
        sort_order (ListPlaybooksSortOrder | Unset):  Default: 'asc'.
        event_name (str | Unset): Exact.
        status (ListPlaybooksStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PlaybookPage
    """

    return sync_detailed(
        client=client,
        page=page,
        size=size,
        sort_by=sort_by,
        sort_order=sort_order,
        event_name=event_name,
        status=status,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListPlaybooksSortBy | Unset = UNSET,
    sort_order: ListPlaybooksSortOrder | Unset = "asc",
    event_name: str | Unset = UNSET,
    status: ListPlaybooksStatus | Unset = UNSET,
) -> Response[Error | PlaybookPage]:
    """List playbooks

     Default order: created_at ascending. Filters: event_name (exact), status.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListPlaybooksSortBy | Unset): Field to order by; omitted, the endpoint default.
        sort_order (ListPlaybooksSortOrder | Unset):  Default: 'asc'.
        event_name (str | Unset): Exact.
        status (ListPlaybooksStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PlaybookPage]
    """

    kwargs = _get_kwargs(
        page=page,
        size=size,
        sort_by=sort_by,
        sort_order=sort_order,
        event_name=event_name,
        status=status,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListPlaybooksSortBy | Unset = UNSET,
    sort_order: ListPlaybooksSortOrder | Unset = "asc",
    event_name: str | Unset = UNSET,
    status: ListPlaybooksStatus | Unset = UNSET,
) -> Error | PlaybookPage | None:
    """List playbooks

     Default order: created_at ascending. Filters: event_name (exact), status.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListPlaybooksSortBy | Unset): Field to order by; omitted, the endpoint default.
        sort_order (ListPlaybooksSortOrder | Unset):  Default: 'asc'.
        event_name (str | Unset): Exact.
        status (ListPlaybooksStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PlaybookPage
    """

    return (
        await asyncio_detailed(
            client=client,
            page=page,
            size=size,
            sort_by=sort_by,
            sort_order=sort_order,
            event_name=event_name,
            status=status,
        )
    ).parsed
