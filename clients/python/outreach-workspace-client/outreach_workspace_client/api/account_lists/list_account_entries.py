from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.account_entry_page import AccountEntryPage
from ...models.error import Error
from ...models.list_account_entries_sort_by import ListAccountEntriesSortBy
from ...models.list_account_entries_sort_order import ListAccountEntriesSortOrder
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListAccountEntriesSortBy | Unset = UNSET,
    sort_order: ListAccountEntriesSortOrder | Unset = "asc",
    account_list_id: UUID,
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

    json_account_list_id = str(account_list_id)
    params["account_list_id"] = json_account_list_id

    params["domain"] = domain

    params["name"] = name

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/account-entries",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AccountEntryPage | Error | None:
    if response.status_code == 200:
        response_200 = AccountEntryPage.from_dict(response.json())

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

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

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
) -> Response[AccountEntryPage | Error]:
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
    sort_by: ListAccountEntriesSortBy | Unset = UNSET,
    sort_order: ListAccountEntriesSortOrder | Unset = "asc",
    account_list_id: UUID,
    domain: str | Unset = UNSET,
    name: str | Unset = UNSET,
) -> Response[AccountEntryPage | Error]:
    """List the entries of an account list

     Default order: created_at ascending. 404 when the list is not of this organization.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListAccountEntriesSortBy | Unset): Field to order by; omitted, the endpoint
            default.
        sort_order (ListAccountEntriesSortOrder | Unset):  Default: 'asc'.
        account_list_id (UUID):
        domain (str | Unset): Exact primary domain; an alias resolves.
        name (str | Unset): Case-insensitive substring.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AccountEntryPage | Error]
    """

    kwargs = _get_kwargs(
        page=page,
        size=size,
        sort_by=sort_by,
        sort_order=sort_order,
        account_list_id=account_list_id,
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
    sort_by: ListAccountEntriesSortBy | Unset = UNSET,
    sort_order: ListAccountEntriesSortOrder | Unset = "asc",
    account_list_id: UUID,
    domain: str | Unset = UNSET,
    name: str | Unset = UNSET,
) -> AccountEntryPage | Error | None:
    """List the entries of an account list

     Default order: created_at ascending. 404 when the list is not of this organization.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListAccountEntriesSortBy | Unset): Field to order by; omitted, the endpoint
            default.
        sort_order (ListAccountEntriesSortOrder | Unset):  Default: 'asc'.
        account_list_id (UUID):
        domain (str | Unset): Exact primary domain; an alias resolves.
        name (str | Unset): Case-insensitive substring.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AccountEntryPage | Error
    """

    return sync_detailed(
        client=client,
        page=page,
        size=size,
        sort_by=sort_by,
        sort_order=sort_order,
        account_list_id=account_list_id,
        domain=domain,
        name=name,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListAccountEntriesSortBy | Unset = UNSET,
    sort_order: ListAccountEntriesSortOrder | Unset = "asc",
    account_list_id: UUID,
    domain: str | Unset = UNSET,
    name: str | Unset = UNSET,
) -> Response[AccountEntryPage | Error]:
    """List the entries of an account list

     Default order: created_at ascending. 404 when the list is not of this organization.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListAccountEntriesSortBy | Unset): Field to order by; omitted, the endpoint
            default.
        sort_order (ListAccountEntriesSortOrder | Unset):  Default: 'asc'.
        account_list_id (UUID):
        domain (str | Unset): Exact primary domain; an alias resolves.
        name (str | Unset): Case-insensitive substring.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AccountEntryPage | Error]
    """

    kwargs = _get_kwargs(
        page=page,
        size=size,
        sort_by=sort_by,
        sort_order=sort_order,
        account_list_id=account_list_id,
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
    sort_by: ListAccountEntriesSortBy | Unset = UNSET,
    sort_order: ListAccountEntriesSortOrder | Unset = "asc",
    account_list_id: UUID,
    domain: str | Unset = UNSET,
    name: str | Unset = UNSET,
) -> AccountEntryPage | Error | None:
    """List the entries of an account list

     Default order: created_at ascending. 404 when the list is not of this organization.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListAccountEntriesSortBy | Unset): Field to order by; omitted, the endpoint
            default.
        sort_order (ListAccountEntriesSortOrder | Unset):  Default: 'asc'.
        account_list_id (UUID):
        domain (str | Unset): Exact primary domain; an alias resolves.
        name (str | Unset): Case-insensitive substring.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AccountEntryPage | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            page=page,
            size=size,
            sort_by=sort_by,
            sort_order=sort_order,
            account_list_id=account_list_id,
            domain=domain,
            name=name,
        )
    ).parsed
