import datetime
from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_signal_imports_kind import ListSignalImportsKind
from ...models.list_signal_imports_sort_order import ListSignalImportsSortOrder
from ...models.list_signal_imports_status import ListSignalImportsStatus
from ...models.signal_import_page import SignalImportPage
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_order: ListSignalImportsSortOrder | Unset = "desc",
    signal_id: UUID | Unset = UNSET,
    kind: ListSignalImportsKind | Unset = UNSET,
    status: ListSignalImportsStatus | Unset = UNSET,
    occurred_at_after: datetime.datetime | Unset = UNSET,
    occurred_at_before: datetime.datetime | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["page"] = page

    params["size"] = size

    json_sort_order: str | Unset = UNSET
    if not isinstance(sort_order, Unset):
        json_sort_order = sort_order

    params["sort_order"] = json_sort_order

    json_signal_id: str | Unset = UNSET
    if not isinstance(signal_id, Unset):
        json_signal_id = str(signal_id)
    params["signal_id"] = json_signal_id

    json_kind: str | Unset = UNSET
    if not isinstance(kind, Unset):
        json_kind = kind

    params["kind"] = json_kind

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status

    params["status"] = json_status

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
        "url": "/v1/signals/imports",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | SignalImportPage | None:
    if response.status_code == 200:
        response_200 = SignalImportPage.from_dict(response.json())

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
) -> Response[Error | SignalImportPage]:
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
    sort_order: ListSignalImportsSortOrder | Unset = "desc",
    signal_id: UUID | Unset = UNSET,
    kind: ListSignalImportsKind | Unset = UNSET,
    status: ListSignalImportsStatus | Unset = UNSET,
    occurred_at_after: datetime.datetime | Unset = UNSET,
    occurred_at_before: datetime.datetime | Unset = UNSET,
) -> Response[Error | SignalImportPage]:
    """The signals imports feed

     One entry per fact a signal check looked at (imported, or skipped and why), ordered by when the fact
    occurred (occurred_at), newest first; `sort_order=asc` reads oldest first (no `sort_by`: the key is
    fixed). Filters combine with AND; occurred bounds are exclusive.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_order (ListSignalImportsSortOrder | Unset): Direction of the order by occurred_at
            (ties by id the same way); default `desc`. Default: 'desc'.
        signal_id (UUID | Unset): Entries of this signal only (404 when it is not in the
            workspace).
        kind (ListSignalImportsKind | Unset):
        status (ListSignalImportsStatus | Unset):
        occurred_at_after (datetime.datetime | Unset): Exclusive lower bound on the fact's time.
            RFC 3339 with `Z` or an explicit offset.
        occurred_at_before (datetime.datetime | Unset): Exclusive upper bound on the fact's time.
            RFC 3339 with `Z` or an explicit offset.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SignalImportPage]
    """

    kwargs = _get_kwargs(
        page=page,
        size=size,
        sort_order=sort_order,
        signal_id=signal_id,
        kind=kind,
        status=status,
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
    sort_order: ListSignalImportsSortOrder | Unset = "desc",
    signal_id: UUID | Unset = UNSET,
    kind: ListSignalImportsKind | Unset = UNSET,
    status: ListSignalImportsStatus | Unset = UNSET,
    occurred_at_after: datetime.datetime | Unset = UNSET,
    occurred_at_before: datetime.datetime | Unset = UNSET,
) -> Error | SignalImportPage | None:
    """The signals imports feed

     One entry per fact a signal check looked at (imported, or skipped and why), ordered by when the fact
    occurred (occurred_at), newest first; `sort_order=asc` reads oldest first (no `sort_by`: the key is
    fixed). Filters combine with AND; occurred bounds are exclusive.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_order (ListSignalImportsSortOrder | Unset): Direction of the order by occurred_at
            (ties by id the same way); default `desc`. Default: 'desc'.
        signal_id (UUID | Unset): Entries of this signal only (404 when it is not in the
            workspace).
        kind (ListSignalImportsKind | Unset):
        status (ListSignalImportsStatus | Unset):
        occurred_at_after (datetime.datetime | Unset): Exclusive lower bound on the fact's time.
            RFC 3339 with `Z` or an explicit offset.
        occurred_at_before (datetime.datetime | Unset): Exclusive upper bound on the fact's time.
            RFC 3339 with `Z` or an explicit offset.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SignalImportPage
    """

    return sync_detailed(
        client=client,
        page=page,
        size=size,
        sort_order=sort_order,
        signal_id=signal_id,
        kind=kind,
        status=status,
        occurred_at_after=occurred_at_after,
        occurred_at_before=occurred_at_before,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_order: ListSignalImportsSortOrder | Unset = "desc",
    signal_id: UUID | Unset = UNSET,
    kind: ListSignalImportsKind | Unset = UNSET,
    status: ListSignalImportsStatus | Unset = UNSET,
    occurred_at_after: datetime.datetime | Unset = UNSET,
    occurred_at_before: datetime.datetime | Unset = UNSET,
) -> Response[Error | SignalImportPage]:
    """The signals imports feed

     One entry per fact a signal check looked at (imported, or skipped and why), ordered by when the fact
    occurred (occurred_at), newest first; `sort_order=asc` reads oldest first (no `sort_by`: the key is
    fixed). Filters combine with AND; occurred bounds are exclusive.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_order (ListSignalImportsSortOrder | Unset): Direction of the order by occurred_at
            (ties by id the same way); default `desc`. Default: 'desc'.
        signal_id (UUID | Unset): Entries of this signal only (404 when it is not in the
            workspace).
        kind (ListSignalImportsKind | Unset):
        status (ListSignalImportsStatus | Unset):
        occurred_at_after (datetime.datetime | Unset): Exclusive lower bound on the fact's time.
            RFC 3339 with `Z` or an explicit offset.
        occurred_at_before (datetime.datetime | Unset): Exclusive upper bound on the fact's time.
            RFC 3339 with `Z` or an explicit offset.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SignalImportPage]
    """

    kwargs = _get_kwargs(
        page=page,
        size=size,
        sort_order=sort_order,
        signal_id=signal_id,
        kind=kind,
        status=status,
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
    sort_order: ListSignalImportsSortOrder | Unset = "desc",
    signal_id: UUID | Unset = UNSET,
    kind: ListSignalImportsKind | Unset = UNSET,
    status: ListSignalImportsStatus | Unset = UNSET,
    occurred_at_after: datetime.datetime | Unset = UNSET,
    occurred_at_before: datetime.datetime | Unset = UNSET,
) -> Error | SignalImportPage | None:
    """The signals imports feed

     One entry per fact a signal check looked at (imported, or skipped and why), ordered by when the fact
    occurred (occurred_at), newest first; `sort_order=asc` reads oldest first (no `sort_by`: the key is
    fixed). Filters combine with AND; occurred bounds are exclusive.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_order (ListSignalImportsSortOrder | Unset): Direction of the order by occurred_at
            (ties by id the same way); default `desc`. Default: 'desc'.
        signal_id (UUID | Unset): Entries of this signal only (404 when it is not in the
            workspace).
        kind (ListSignalImportsKind | Unset):
        status (ListSignalImportsStatus | Unset):
        occurred_at_after (datetime.datetime | Unset): Exclusive lower bound on the fact's time.
            RFC 3339 with `Z` or an explicit offset.
        occurred_at_before (datetime.datetime | Unset): Exclusive upper bound on the fact's time.
            RFC 3339 with `Z` or an explicit offset.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SignalImportPage
    """

    return (
        await asyncio_detailed(
            client=client,
            page=page,
            size=size,
            sort_order=sort_order,
            signal_id=signal_id,
            kind=kind,
            status=status,
            occurred_at_after=occurred_at_after,
            occurred_at_before=occurred_at_before,
        )
    ).parsed
