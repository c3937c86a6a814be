from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.account_page import AccountPage
from ...models.error import Error
from ...models.list_accounts_sort_by import ListAccountsSortBy
from ...models.list_accounts_sort_order import ListAccountsSortOrder
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListAccountsSortBy | Unset = UNSET,
    sort_order: ListAccountsSortOrder | Unset = "asc",
    domain: str | Unset = UNSET,
    name: str | Unset = UNSET,
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

    params["domain"] = domain

    params["name"] = name

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/accounts",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> AccountPage | Error | None:
    if response.status_code == 200:
        response_200 = AccountPage.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[AccountPage | Error]:
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
    sort_by: ListAccountsSortBy | Unset = UNSET,
    sort_order: ListAccountsSortOrder | Unset = "asc",
    domain: str | Unset = UNSET,
    name: str | Unset = UNSET,
) -> Response[AccountPage | Error]:
    """List accounts

     Default order: created_at ascending.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListAccountsSortBy | Unset): Field to order by; omitted, the endpoint default.
        sort_order (ListAccountsSortOrder | Unset):  Default: 'asc'.
        domain (str | Unset): Case-insensitive exact match on the primary domain (aliases
            resolve).
        name (str | Unset): Case-insensitive substring.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AccountPage | Error]
    """

    kwargs = _get_kwargs(
        page=page,
        size=size,
        sort_by=sort_by,
        sort_order=sort_order,
        domain=domain,
        name=name,
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
    sort_by: ListAccountsSortBy | Unset = UNSET,
    sort_order: ListAccountsSortOrder | Unset = "asc",
    domain: str | Unset = UNSET,
    name: str | Unset = UNSET,
) -> AccountPage | Error | None:
    """List accounts

     Default order: created_at ascending.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListAccountsSortBy | Unset): Field to order by; omitted, the endpoint default.
        sort_order (ListAccountsSortOrder | Unset):  Default: 'asc'.
        domain (str | Unset): Case-insensitive exact match on the primary domain (aliases
            resolve).
        name (str | Unset): Case-insensitive substring.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AccountPage | Error
    """

    return sync_detailed(
        client=client,
        page=page,
        size=size,
        sort_by=sort_by,
        sort_order=sort_order,
        domain=domain,
        name=name,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListAccountsSortBy | Unset = UNSET,
    sort_order: ListAccountsSortOrder | Unset = "asc",
    domain: str | Unset = UNSET,
    name: str | Unset = UNSET,
) -> Response[AccountPage | Error]:
    """List accounts

     Default order: created_at ascending.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListAccountsSortBy | Unset): Field to order by; omitted, the endpoint default.
        sort_order (ListAccountsSortOrder | Unset):  Default: 'asc'.
        domain (str | Unset): Case-insensitive exact match on the primary domain (aliases
            resolve).
        name (str | Unset): Case-insensitive substring.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AccountPage | Error]
    """

    kwargs = _get_kwargs(
        page=page,
        size=size,
        sort_by=sort_by,
        sort_order=sort_order,
        domain=domain,
        name=name,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListAccountsSortBy | Unset = UNSET,
    sort_order: ListAccountsSortOrder | Unset = "asc",
    domain: str | Unset = UNSET,
    name: str | Unset = UNSET,
) -> AccountPage | Error | None:
    """List accounts

     Default order: created_at ascending.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListAccountsSortBy | Unset): Field to order by; omitted, the endpoint default.
        sort_order (ListAccountsSortOrder | Unset):  Default: 'asc'.
        domain (str | Unset): Case-insensitive exact match on the primary domain (aliases
            resolve).
        name (str | Unset): Case-insensitive substring.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AccountPage | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            page=page,
            size=size,
            sort_by=sort_by,
            sort_order=sort_order,
            domain=domain,
            name=name,
        )
    ).parsed
