import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.account_exclusion_page import AccountExclusionPage
from ...models.error import Error
from ...models.exclusion_reason import ExclusionReason
from ...models.list_account_exclusions_sort_by import ListAccountExclusionsSortBy
from ...models.list_account_exclusions_sort_order import (
    ListAccountExclusionsSortOrder,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListAccountExclusionsSortBy | Unset = UNSET,
    sort_order: ListAccountExclusionsSortOrder | Unset = "asc",
    domain: str | Unset = UNSET,
    reason: ExclusionReason | Unset = UNSET,
    created_at_after: datetime.datetime | Unset = UNSET,
    created_at_before: datetime.datetime | Unset = UNSET,
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

    json_reason: str | Unset = UNSET
    if not isinstance(reason, Unset):
        json_reason = reason

    params["reason"] = json_reason

    json_created_at_after: str | Unset = UNSET
    if not isinstance(created_at_after, Unset):
        json_created_at_after = created_at_after.isoformat()
    params["created_at_after"] = json_created_at_after

    json_created_at_before: str | Unset = UNSET
    if not isinstance(created_at_before, Unset):
        json_created_at_before = created_at_before.isoformat()
    params["created_at_before"] = json_created_at_before

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/account-exclusions",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AccountExclusionPage | Error | None:
    if response.status_code == 200:
        response_200 = AccountExclusionPage.from_dict(response.json())

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
) -> Response[AccountExclusionPage | Error]:
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
    sort_by: ListAccountExclusionsSortBy | Unset = UNSET,
    sort_order: ListAccountExclusionsSortOrder | Unset = "asc",
    domain: str | Unset = UNSET,
    reason: ExclusionReason | Unset = UNSET,
    created_at_after: datetime.datetime | Unset = UNSET,
    created_at_before: datetime.datetime | Unset = UNSET,
) -> Response[AccountExclusionPage | Error]:
    """List account exclusions

     Default order: created_at ascending. Lifted exclusions (until passed) are listed too.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListAccountExclusionsSortBy | Unset): Field to order by; omitted, the endpoint
            default.
        sort_order (ListAccountExclusionsSortOrder | Unset):  Default: 'asc'.
        domain (str | Unset): Exact match on the primary domain (normalised; aliases resolve).
        reason (ExclusionReason | Unset): Why the person or company is excluded.
        created_at_after (datetime.datetime | Unset): Strictly after.
        created_at_before (datetime.datetime | Unset): Strictly before.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AccountExclusionPage | Error]
    """

    kwargs = _get_kwargs(
        page=page,
        size=size,
        sort_by=sort_by,
        sort_order=sort_order,
        domain=domain,
        reason=reason,
        created_at_after=created_at_after,
        created_at_before=created_at_before,
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
    sort_by: ListAccountExclusionsSortBy | Unset = UNSET,
    sort_order: ListAccountExclusionsSortOrder | Unset = "asc",
    domain: str | Unset = UNSET,
    reason: ExclusionReason | Unset = UNSET,
    created_at_after: datetime.datetime | Unset = UNSET,
    created_at_before: datetime.datetime | Unset = UNSET,
) -> AccountExclusionPage | Error | None:
    """List account exclusions

     Default order: created_at ascending. Lifted exclusions (until passed) are listed too.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListAccountExclusionsSortBy | Unset): Field to order by; omitted, the endpoint
            default.
        sort_order (ListAccountExclusionsSortOrder | Unset):  Default: 'asc'.
        domain (str | Unset): Exact match on the primary domain (normalised; aliases resolve).
        reason (ExclusionReason | Unset): Why the person or company is excluded.
        created_at_after (datetime.datetime | Unset): Strictly after.
        created_at_before (datetime.datetime | Unset): Strictly before.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AccountExclusionPage | Error
    """

    return sync_detailed(
        client=client,
        page=page,
        size=size,
        sort_by=sort_by,
        sort_order=sort_order,
        domain=domain,
        reason=reason,
        created_at_after=created_at_after,
        created_at_before=created_at_before,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListAccountExclusionsSortBy | Unset = UNSET,
    sort_order: ListAccountExclusionsSortOrder | Unset = "asc",
    domain: str | Unset = UNSET,
    reason: ExclusionReason | Unset = UNSET,
    created_at_after: datetime.datetime | Unset = UNSET,
    created_at_before: datetime.datetime | Unset = UNSET,
) -> Response[AccountExclusionPage | Error]:
    """List account exclusions

     Default order: created_at ascending. Lifted exclusions (until passed) are listed too.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListAccountExclusionsSortBy | Unset): Field to order by; omitted, the endpoint
            default.
        sort_order (ListAccountExclusionsSortOrder | Unset):  Default: 'asc'.
        domain (str | Unset): Exact match on the primary domain (normalised; aliases resolve).
        reason (ExclusionReason | Unset): Why the person or company is excluded.
        created_at_after (datetime.datetime | Unset): Strictly after.
        created_at_before (datetime.datetime | Unset): Strictly before.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AccountExclusionPage | Error]
    """

    kwargs = _get_kwargs(
        page=page,
        size=size,
        sort_by=sort_by,
        sort_order=sort_order,
        domain=domain,
        reason=reason,
        created_at_after=created_at_after,
        created_at_before=created_at_before,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListAccountExclusionsSortBy | Unset = UNSET,
    sort_order: ListAccountExclusionsSortOrder | Unset = "asc",
    domain: str | Unset = UNSET,
    reason: ExclusionReason | Unset = UNSET,
    created_at_after: datetime.datetime | Unset = UNSET,
    created_at_before: datetime.datetime | Unset = UNSET,
) -> AccountExclusionPage | Error | None:
    """List account exclusions

     Default order: created_at ascending. Lifted exclusions (until passed) are listed too.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListAccountExclusionsSortBy | Unset): Field to order by; omitted, the endpoint
            default.
        sort_order (ListAccountExclusionsSortOrder | Unset):  Default: 'asc'.
        domain (str | Unset): Exact match on the primary domain (normalised; aliases resolve).
        reason (ExclusionReason | Unset): Why the person or company is excluded.
        created_at_after (datetime.datetime | Unset): Strictly after.
        created_at_before (datetime.datetime | Unset): Strictly before.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AccountExclusionPage | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            page=page,
            size=size,
            sort_by=sort_by,
            sort_order=sort_order,
            domain=domain,
            reason=reason,
            created_at_after=created_at_after,
            created_at_before=created_at_before,
        )
    ).parsed
